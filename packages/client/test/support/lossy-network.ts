/**
 * The faults of a production network that lose answers, for the real-server fault tests of
 * creates and actions: a quarter of the writes have their answer lost after the server
 * acted, some are answered 503 by the gateway, some meet a keep-alive connection the server
 * closed (a recycled gunicorn worker). Reads pass. Every fate is seeded.
 */
import { CollectionCategory } from '@debusine-ts/models'
import {
  startFaultProxy,
  seededRandom,
  type Fate,
  type Fates,
  type FaultProxy,
  type RequestContext,
  type RequestRecord,
} from '../../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer } from '../../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../../src/index.js'

/** Whether a request writes (anything but GET, HEAD and OPTIONS). */
export const isWrite = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method)

/**
 * The fates of a lossy network: a write's answer is lost (25 %), answered 503 by the gateway
 * (5 %), or meets a closed keep-alive connection (5 %). The Nth write's fate is drawn from
 * `seed` and N only: the reads in between (whose number depends on what else the server
 * holds) do not shift it.
 */
export function lossyFates(seed: number): Fates {
  let writes = 0
  return {
    request: ({ method, onConnection }: RequestContext): Fate => {
      if (!isWrite(method)) return { kind: 'pass' }
      writes += 1
      const roll = seededRandom(seed, writes).next()
      if (roll < 0.25) return { kind: 'drop-response' }
      if (roll < 0.3) return { kind: 'reply', status: 503, body: 'Service Unavailable' }
      // Gunicorn closes an idle kept-alive connection when it recycles a worker: only a
      // connection that already carried a request can meet it.
      if (roll < 0.35 && onConnection > 1) return { kind: 'close' }
      return { kind: 'pass' }
    },
  }
}

/** A workspace of its own that has a task configuration collection (`default`), as production workspaces do. */
export async function workspaceWithTaskConfiguration(
  prefix: string,
): Promise<{ workspace: string; direct: DebusineClient; collection: number }> {
  const workspace = await freshWorkspace(prefix)
  const server = realServer()
  const direct = new DebusineClient({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    workspace,
  })
  const { id } = await direct.collections.create({
    name: 'default',
    category: CollectionCategory.TASK_CONFIGURATION,
    data: {},
  })
  return { workspace, direct, collection: id }
}

/** A client of `workspace` through a new fault proxy with the lossy fates, seeded with `seed`. */
export async function throughLossyProxy(
  seed: number,
  workspace: string,
): Promise<{ proxy: FaultProxy; client: DebusineClient }> {
  const server = realServer()
  const proxy = await startFaultProxy({ target: server.apiUrl, seed, fates: lossyFates(seed) })
  const client = new DebusineClient({
    apiUrl: proxy.url,
    token: server.token,
    scope: server.scope,
    workspace,
  })
  return { proxy, client }
}

/** The write requests the proxy saw that reached the server and were answered by it (its answer's head passed through the proxy, or was dropped after). */
export function answeredWrites(proxy: FaultProxy, target: RegExp): RequestRecord[] {
  return proxy.counters.requests.filter(
    (request) =>
      isWrite(request.method) &&
      target.test(request.target) &&
      request.status !== undefined &&
      request.fate !== 'reply',
  )
}
