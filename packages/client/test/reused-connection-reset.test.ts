/**
 * Creates on a kept-alive connection reset under them, against the real Debusine 0.16.2
 * server through the fault proxy: reset as the request goes out (the server's idle timeout
 * or a recycled worker meeting it: nothing was done), and reset after the server answered
 * (the server acted: the create is found, never sent again blindly).
 */
import type { WorkRequest } from '@debusine-ts/models'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy, type Fates } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, noopData, realServer } from '../../../tooling/vitest/real-server.js'
import { DebusineClient, type CreateRecovery } from '../src/index.js'

let workspace: string
let direct: DebusineClient
let testStart: number
const proxies: FaultProxy[] = []

beforeEach(async () => {
  workspace = await freshWorkspace('resets')
  testStart = Date.now()
  const server = realServer()
  direct = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

async function throughProxy(fates: Fates): Promise<{ proxy: FaultProxy; client: DebusineClient }> {
  const server = realServer()
  const proxy = await startFaultProxy({ target: server.apiUrl, seed: 47, fates })
  proxies.push(proxy)
  const client = new DebusineClient({
    apiUrl: proxy.url,
    token: server.token,
    scope: server.scope,
    workspace,
  })
  return { proxy, client }
}

/** Let undici hand the connection of the last answer back to its pool, so the next request reuses it. */
async function settlePool(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve))
}

/** The work requests of the test's workspace, read without the proxy. */
async function inWorkspace(): Promise<WorkRequest[]> {
  const found: WorkRequest[] = []
  for await (const request of direct.workRequests.list()) {
    if (Date.parse(request.created_at) < testStart) break
    if (request.workspace === workspace) found.push(request)
  }
  return found
}

const isCreate = (method: string, target: string): boolean =>
  method === 'POST' && target.endsWith('/api/1.0/work-request/')

describe('a create on a kept-alive connection reset under it (real server)', () => {
  it('reset as the request goes out on a reused connection: sent again, created once', async () => {
    let resets = 0
    const { proxy, client } = await throughProxy({
      request: ({ method, target, onConnection }) => {
        if (!isCreate(method, target) || onConnection === 1 || resets > 0) return { kind: 'pass' }
        resets += 1
        return { kind: 'close', reset: true }
      },
    })
    await client.whoami()
    await settlePool()
    const recoveries: CreateRecovery[] = []
    const created = await client.workRequests.create(
      { task_name: 'noop', task_data: noopData('success') },
      { onRecovered: (recovery) => recoveries.push(recovery) },
    )
    expect(resets).toBe(1)
    expect(recoveries).toEqual([])
    expect((await inWorkspace()).map((request) => request.id)).toEqual([created.id])
    // The reset one never reached the server; the one sent again did, once.
    const creates = proxy.counters.requests.filter((request) => isCreate(request.method, request.target))
    expect(creates.map((request) => request.fate)).toEqual(['close', 'pass'])
  })

  it('reset after the server answered: the create is found, not sent again', async () => {
    const { proxy, client } = await throughProxy({
      request: ({ method, target, onConnection }) =>
        isCreate(method, target) && onConnection > 1
          ? { kind: 'cut', direction: 'down', afterBytes: 0, reset: true }
          : { kind: 'pass' },
    })
    await client.whoami()
    await settlePool()
    const recoveries: CreateRecovery[] = []
    const created = await client.workRequests.create(
      { task_name: 'noop', task_data: noopData('success') },
      { onRecovered: (recovery) => recoveries.push(recovery) },
    )
    expect(recoveries).toHaveLength(1)
    expect((await inWorkspace()).map((request) => request.id)).toEqual([created.id])
    expect(
      proxy.counters.requests.filter((request) => isCreate(request.method, request.target)),
    ).toHaveLength(1)
  })
})
