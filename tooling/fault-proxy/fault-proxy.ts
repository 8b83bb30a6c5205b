import { createServer, type AddressInfo, type Socket } from 'node:net'
import {
  ProxiedConnection,
  type ConnectionRecord,
  type ProxyState,
  type RequestRecord,
} from './connection.js'
import type { Fates } from './fates.js'

/** How to start a {@link FaultProxy}. */
export interface FaultProxyOptions {
  /**
   * Where to forward: a URL (`http://127.0.0.1:8011/api`; its path is kept in the proxy's
   * {@link FaultProxy.url}) or `host:port`.
   */
  target: string
  /** Seed of every random choice the fates make; default 1. */
  seed?: number | undefined
  /** Whether to find HTTP/1.1 requests in the stream (request fates, per-request counters); default true. */
  http?: boolean | undefined
  /** How fates are chosen; default: everything passes. Can be replaced later through {@link FaultProxy.fates}. */
  fates?: Fates | undefined
}

/** What went through the proxy so far. */
export interface FaultProxyCounters {
  /** Every connection accepted, in order. */
  readonly connections: readonly ConnectionRecord[]
  /** Every request seen (HTTP mode), in order. */
  readonly requests: readonly RequestRecord[]
  /** Bytes forwarded from clients to the server, over all connections. */
  readonly bytesUp: number
  /** Bytes forwarded from the server to clients, over all connections. */
  readonly bytesDown: number
  /** Request body bytes forwarded to the server, for the requests that `filter` selects. */
  bodyBytesUp(filter?: (request: RequestRecord) => boolean): number
  /** Answer body bytes forwarded to clients, for the requests that `filter` selects. */
  bodyBytesDown(filter?: (request: RequestRecord) => boolean): number
}

/** A running proxy. */
export interface FaultProxy {
  /** The target URL with the proxy's host and port (e.g. `http://127.0.0.1:41234/api`). */
  readonly url: string
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string
  readonly port: number
  /** How fates are chosen from now on (replace it between phases of a test). */
  fates: Fates
  readonly counters: FaultProxyCounters
  /** Forget what was counted so far (numbering of connections and requests restarts). */
  resetCounters(): void
  /** Close every open connection now, as a server restart or a network drop would. */
  severAll(options?: { reset?: boolean }): void
  /** Stop listening and close every connection. */
  close(): Promise<void>
}

function parseTarget(target: string): { host: string; port: number; url: URL | undefined } {
  if (/^[a-z]+:\/\//i.test(target)) {
    const url = new URL(target)
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
    return { host: url.hostname, port, url }
  }
  const colon = target.lastIndexOf(':')
  return { host: target.slice(0, colon), port: Number(target.slice(colon + 1)), url: undefined }
}

function sum(
  requests: readonly RequestRecord[],
  pick: (request: RequestRecord) => number,
  filter?: (request: RequestRecord) => boolean,
): number {
  return requests
    .filter((request) => filter?.(request) ?? true)
    .reduce((total, request) => total + pick(request), 0)
}

/**
 * Start a fault-injecting TCP proxy on 127.0.0.1 (a free port) in front of `target`.
 *
 * @example
 * const proxy = await startFaultProxy({
 *   target: server.apiUrl,
 *   seed: 7,
 *   fates: { connection: ({ random }) => ({ kind: 'cut', direction: 'up', afterBytes: random.int(1, 48) << 20 }) },
 * })
 * const client = new DebusineClient({ apiUrl: proxy.url, token })
 * …
 * expect(proxy.counters.bodyBytesUp((request) => request.method === 'PUT')).toBe(missing)
 * await proxy.close()
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const { host, port, url } = parseTarget(options.target)
  const state: ProxyState = {
    host,
    port,
    seed: options.seed ?? 1,
    http: options.http ?? true,
    fates: options.fates ?? {},
    connections: [],
    requests: [],
    open: new Set<Socket>(),
  }
  const server = createServer({ noDelay: true }, (client) => {
    client.setNoDelay(true)
    new ProxiedConnection(state, client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const listening = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${listening}`
  // The target's path (an API prefix such as /api) is kept, written as the target wrote it.
  const path =
    url === undefined || (url.pathname === '/' && !options.target.endsWith('/')) ? '' : url.pathname
  const proxyUrl = `${origin}${path}${url?.search ?? ''}`
  const severAll = (severOptions: { reset?: boolean } = {}): void => {
    for (const socket of [...state.open]) {
      if (severOptions.reset === true) socket.resetAndDestroy()
      else socket.destroy()
    }
  }
  return {
    url: proxyUrl,
    origin,
    port: listening,
    get fates() {
      return state.fates
    },
    set fates(fates: Fates) {
      state.fates = fates
    },
    counters: {
      get connections() {
        return state.connections
      },
      get requests() {
        return state.requests
      },
      get bytesUp() {
        return state.connections.reduce((total, connection) => total + connection.bytesUp, 0)
      },
      get bytesDown() {
        return state.connections.reduce((total, connection) => total + connection.bytesDown, 0)
      },
      bodyBytesUp: (filter) => sum(state.requests, (request) => request.bodyBytesUp, filter),
      bodyBytesDown: (filter) => sum(state.requests, (request) => request.bodyBytesDown, filter),
    },
    resetCounters() {
      state.connections = []
      state.requests = []
    },
    severAll,
    close: () =>
      new Promise<void>((resolve) => {
        severAll()
        server.close(() => resolve())
      }),
  }
}
