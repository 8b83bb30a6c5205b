import type { Agent as HttpAgent } from 'node:http'
import type * as UndiciModule from 'undici'
import type { Dispatcher } from 'undici'
import type { Logger } from '../logger.js'
import type { FetchFunction, NetworkHooks, WebSocketConnection } from '../transport-options.js'
import { readPageThrough, sendStreamedThrough } from './dispatch.js'
import { describeProxy, proxyFor, proxySettingsFromEnv, type ProxySettings } from './proxy-environment.js'
import { watchReusedConnections } from './reused-connections.js'
import { trustFrom, type Trust } from './trust.js'
import { wholeAnswerGuard } from './whole-answer-guard.js'

/** How a Node client reaches its server. */
export interface NodeNetworkOptions {
  /** A proxy for every request (`http://user:password@host:port`), over the environment's. */
  proxy?: string | undefined
  /** A CA file that replaces every root for this server (PEM). */
  caFile?: string | undefined
  /** The environment to read proxies and CA variables from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined
  /** Where `--debug` lines go: the proxy each request uses, the trust. */
  logger?: Logger | undefined
  /**
   * Milliseconds an idle kept-alive connection stays open; default 1 000, shorter than the
   * 2 s after which Debusine's server (gunicorn with uvicorn workers) closes an idle one, so
   * that a request rarely goes out on a connection the server is closing.
   */
  keepAliveTimeoutMs?: number | undefined
  /** Milliseconds to establish a connection (TCP, proxy, TLS); default 30 000. */
  connectTimeoutMs?: number | undefined
}

/** The one place where a Node client's connections are made: proxy, trust, keep-alive, timeouts. */
export interface NodeNetwork extends NetworkHooks {
  /** The proxy settings in force (for messages and tests). */
  readonly proxies: ProxySettings
  /** The root store in force. */
  readonly trust: Trust
  /** The undici dispatcher every request goes through (made on first use). */
  dispatcher(): Promise<Dispatcher>
  /** Close every connection. */
  close(): Promise<void>
}

type Undici = typeof UndiciModule

/**
 * Route each request by its origin: straight through an `Agent`, or through a `ProxyAgent`
 * (`CONNECT` for `https:`, the absolute URL to an HTTP proxy for `http:`, as curl does).
 * undici's `EnvHttpProxyAgent` reads only `process.env`; this reads the settings given.
 */
function routingDispatcher(
  undici: Undici,
  proxies: ProxySettings,
  trust: Trust,
  options: NodeNetworkOptions,
): Dispatcher {
  const connect = { ca: trust.ca, timeout: options.connectTimeoutMs ?? 30_000 }
  const pool = { keepAliveTimeout: options.keepAliveTimeoutMs ?? 1_000, connect }
  const direct = new undici.Agent(pool).compose(wholeAnswerGuard)
  const viaProxy = new Map<string, Dispatcher>()
  const forOrigin = (origin: URL): Dispatcher => {
    const proxy = proxyFor(origin, proxies)
    if (proxy === undefined) return direct
    const key = `${origin.protocol}${proxy.href}`
    let agent = viaProxy.get(key)
    if (agent === undefined) {
      agent = new undici.ProxyAgent({
        ...pool,
        uri: proxy.href,
        proxyTls: { ca: trust.ca },
        requestTls: { ca: trust.ca },
        proxyTunnel: origin.protocol === 'https:',
      }).compose(wholeAnswerGuard)
      viaProxy.set(key, agent)
    }
    return agent
  }
  class Routing extends undici.Dispatcher {
    override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      return forOrigin(new URL(String(opts.origin))).dispatch(opts, handler)
    }
    override async close(): Promise<void> {
      await Promise.all([direct, ...viaProxy.values()].map((agent) => agent.close()))
    }
    override async destroy(): Promise<void> {
      await Promise.all([direct, ...viaProxy.values()].map((agent) => agent.destroy()))
    }
  }
  return new Routing()
}

/**
 * The network of a Node client: every request (REST through `fetch`, list pages and file
 * transfers through the dispatcher's `request` and `dispatch`, all on one dispatcher) and the
 * completion websocket honour `HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY` and the trust of
 * {@link trustFrom}; undici is loaded on the first request.
 *
 * @throws {ValidationError} when a CA file named cannot be read
 */
export function createNodeNetwork(options: NodeNetworkOptions = {}): NodeNetwork {
  const env = options.env ?? process.env
  const proxies = proxySettingsFromEnv(env, options.proxy)
  const trust = trustFrom({ env, caFile: options.caFile })
  const logger = options.logger
  let made: Promise<Dispatcher> | undefined
  const dispatcher = (): Promise<Dispatcher> =>
    (made ??= import('undici').then((undici) => {
      watchReusedConnections()
      return routingDispatcher(undici, proxies, trust, options)
    }))
  const wsAgents = new Map<string, HttpAgent>()
  const fetchThrough: FetchFunction = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    logger?.debug(`${url.origin}: ${describeProxy(proxyFor(url, proxies))}`)
    const withDispatcher = { ...init, dispatcher: await dispatcher() } as RequestInit
    return fetch(input, withDispatcher)
  }
  return {
    proxies,
    trust,
    fetch: fetchThrough,
    dispatcher,
    readPage: async (page) => readPageThrough(await dispatcher(), page),
    sendStreamed: async (request) => {
      logger?.debug(
        `${new URL(request.url).origin}: ${describeProxy(proxyFor(new URL(request.url), proxies))}`,
      )
      return sendStreamedThrough(await dispatcher(), request)
    },
    describe: (url) => describeProxy(proxyFor(new URL(url), proxies)),
    async webSocketConnection(url): Promise<WebSocketConnection> {
      const target = new URL(url)
      const proxy = proxyFor(target, proxies)
      logger?.debug(`${target.origin} (websocket): ${describeProxy(proxy)}`)
      if (proxy === undefined) return { ca: trust.ca }
      let agent = wsAgents.get(proxy.href)
      if (agent === undefined) {
        // https-proxy-agent: CONNECT through the proxy for ws: and wss: alike; loaded when needed.
        const { HttpsProxyAgent } = await import('https-proxy-agent')
        agent = new HttpsProxyAgent(proxy.href, { ca: trust.ca })
        wsAgents.set(proxy.href, agent)
      }
      return { ca: trust.ca, agent }
    },
    async close() {
      for (const agent of wsAgents.values()) agent.destroy()
      if (made !== undefined) await (await made).close()
    },
  }
}
