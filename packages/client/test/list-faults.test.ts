/**
 * Lists against the real Debusine 0.16.2 server through the fault proxy: pages ride one
 * kept-alive connection of the network's dispatcher (undici's `request`), and a page whose
 * answer fails there (a 503, a cut mid-body, a connection closed under the request) is read
 * again, so the list comes out whole and in order; a page the server refuses (404) is its
 * error, asked for once. Every fate is fixed by the request's number.
 */
import { WorkRequestStatus } from '@debusine-ts/models'
import { NotFoundError } from '@debusine-ts/transport'
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest'
import { startFaultProxy, type FaultProxy, type Fate } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer, requires, serverLacks } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { createPendingWorkRequest } from './support/pending-work-request.js'

// Three pages of the server's ten.
const REQUESTS = 23
/** Half the transport's idle keep-alive time: a connection the client ends sooner is not kept. */
const IDLE_CLOSE_MS = 500
/** Whether Node's fetch sent the request (it adds `Sec-Fetch-Mode`; undici's `request` does not). */
const byFetch = (request: { headers: Readonly<Record<string, string>> }): boolean =>
  'sec-fetch-mode' in request.headers
let direct: DebusineClient
let ids: number[] = []
const proxies: FaultProxy[] = []

/**
 * A client through a proxy with the request fates `request` (numbered from 1), once the client
 * knows the server's version (it asks the web UI once, for an operation of the capability
 * table such as a filtered list): that request passes, and the counters start after it.
 */
async function clientThrough(
  operation: string,
  request: (number: number) => Fate = () => ({ kind: 'pass' }),
) {
  const server = realServer()
  const proxy = await startFaultProxy({ target: server.apiUrl, seed: 23, fates: {} })
  proxies.push(proxy)
  const client = new DebusineClient({ apiUrl: proxy.url, token: server.token, scope: server.scope })
  await client.transport.capabilities.require(operation)
  proxy.resetCounters()
  let first: number | undefined
  proxy.fates = {
    request: (context) => {
      first ??= context.request
      return request(context.request - first + 1)
    },
  }
  return { client, proxy }
}

const FILTERED_LIST = 'workRequests.list filtered by ids or status'

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('lists')
  direct = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  for (let index = 0; index < REQUESTS; index += 1) ids.push((await createPendingWorkRequest(direct)).id)
  ids = ids.sort((a, b) => b - a)
})

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

afterAll(async () => {
  if (serverLacks('workRequests.abort')) return
  for (const id of ids) {
    const current = await direct.workRequests.get(id)
    if (current.status === WorkRequestStatus.PENDING) await direct.workRequests.abort(id)
  }
})

describe('lists through the fault proxy', () => {
  requires(FILTERED_LIST).it('read their pages over one kept-alive connection', async () => {
    const { client, proxy } = await clientThrough(FILTERED_LIST)
    const listed = await client.workRequests.list({ ids }).toArray({ limit: 100 })
    expect(listed.map((item) => item.id)).toEqual(ids)
    const requests = proxy.counters.requests
    // The server may close a kept-alive connection under a page (gunicorn recycles a worker
    // after max_requests): that page is read again through fetch, as the next test forces.
    const closedUnder = requests.filter((request) => request.status === undefined)
    expect(closedUnder.every((request) => !byFetch(request))).toBe(true)
    expect(requests.filter(byFetch).map((request) => request.target)).toEqual(
      closedUnder.map((request) => request.target),
    )
    expect(requests.filter((request) => request.status === 200)).toHaveLength(3)
    // The client keeps its connection: it never asks for a close, nor ends one that was busy a
    // moment ago. A new connection follows only a close of an idle one (after a keep-alive time,
    // by the client or the server, which a busy machine can reach between two pages), a server's
    // close under a page, or fetch's read again.
    expect(requests.some((request) => request.headers.connection === 'close')).toBe(false)
    const connections = proxy.counters.connections
    const endedByClient = connections.filter((connection) => connection.endedBy === 'client')
    expect(endedByClient.every((connection) => (connection.idleMsAtEnd ?? 0) >= IDLE_CLOSE_MS)).toBe(true)
    const ended = connections.filter((connection) => connection.endedBy !== undefined).length
    // Without such a close: three pages, one connection, no fetch.
    expect(connections.length).toBeLessThanOrEqual(1 + ended + closedUnder.length)
  })

  requires(FILTERED_LIST).it(
    'read a page again after a 503, a cut mid-body or a connection closed under it',
    async () => {
      const faults: Record<number, Fate> = {
        1: { kind: 'reply', status: 503 },
        3: { kind: 'cut', direction: 'down', afterBytes: 300 },
        5: { kind: 'close' },
      }
      const { client, proxy } = await clientThrough(
        FILTERED_LIST,
        (number) => faults[number] ?? { kind: 'pass' },
      )
      const listed = await client.workRequests.list({ ids }).toArray({ limit: 100 })
      expect(listed.map((item) => item.id)).toEqual(ids)
      const requests = proxy.counters.requests
      expect(requests.filter((request) => request.fate !== 'pass').map((request) => request.fate)).toEqual([
        'reply',
        'cut',
        'close',
      ])
      // Each request left without a whole answer (the faults above, or a kept-alive connection
      // the server closed when it recycled a worker) is followed by the same page through fetch.
      for (const [index, request] of requests.entries()) {
        if (request.answered) continue
        expect(requests[index + 1]).toMatchObject({ target: request.target })
        expect(byFetch(requests[index + 1] as (typeof requests)[number])).toBe(true)
      }
      expect(requests.slice(0, 2).map(byFetch)).toEqual([false, true])
      // Unless the server closed one itself, the pages after each fault went back to the client's connection.
      if (requests.every((request) => request.answered || request.fate !== 'pass')) {
        expect(requests.map(byFetch)).toEqual([false, true, false, true, false, true])
      }
      // Three pages, each answered once in full, in order.
      const answered = requests.filter((request) => request.answered).map((request) => request.target)
      expect(answered).toHaveLength(3)
      expect(new Set(answered).size).toBe(3)
      expect(answered[0]).toBe(requests[0]?.target)
    },
  )

  requires('workflowTemplates.list').it(
    'turn a page the server refuses into its error, the request sent once',
    async () => {
      const { client, proxy } = await clientThrough('workflowTemplates.list')
      const templates = client.workflowTemplates.list({ workspace: 'no-such-workspace' })
      const error = await templates.toArray({ limit: 10 }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(NotFoundError)
      expect((error as NotFoundError).message).toContain('Workspace no-such-workspace not found')
      expect(proxy.counters.requests.map((request) => [request.status, byFetch(request)])).toEqual([
        [404, false],
      ])
    },
  )
})
