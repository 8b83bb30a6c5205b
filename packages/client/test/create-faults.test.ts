/**
 * Creates through the fault proxy against the real Debusine 0.16.2 server: answers lost
 * after the server acted, keep-alive connections closed under a request, and an outcome
 * that cannot be decided. Every fate is seeded: the same run every time.
 */
import type { WorkRequest } from '@debusine-ts/models'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy, type Fates } from '../../../tooling/fault-proxy/index.js'
import { rejection } from '../../../tooling/vitest/rejection.js'
import {
  freshWorkspace,
  noopData,
  realServer,
  requires,
  uniqueName,
} from '../../../tooling/vitest/real-server.js'
import { CreateOutcomeUnknownError, DebusineClient, type CreateRecovery } from '../src/index.js'

let workspace: string
let direct: DebusineClient
let testStart: number
const proxies: FaultProxy[] = []

// A workspace of its own per test: what a test finds there, it created.
beforeEach(async () => {
  workspace = await freshWorkspace('creates')
  testStart = Date.now()
  const server = realServer()
  direct = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

async function throughProxy(
  seed: number,
  fates: Fates,
): Promise<{ proxy: FaultProxy; client: DebusineClient }> {
  const server = realServer()
  const proxy = await startFaultProxy({ target: server.apiUrl, seed, fates })
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

/** The work requests of the test's workspace, read without the proxy (newest first, back to the test's start). */
async function inWorkspace(): Promise<WorkRequest[]> {
  const found: WorkRequest[] = []
  for await (const request of direct.workRequests.list()) {
    if (Date.parse(request.created_at) < testStart) break
    if (request.workspace === workspace) found.push(request)
  }
  return found
}

const isCreate = (method: string, target: string): boolean =>
  method === 'POST' && /\/api\/1\.0\/(work-request|workflow)\/$/.test(target)

describe('creates through a faulty network (real server, seeded faults)', () => {
  it('30 work request creates with 25 % of the answers lost after the server acted: no duplicates, no false failures', async () => {
    const { proxy, client } = await throughProxy(2026, {
      request: ({ method, target, random }) =>
        isCreate(method, target) && random.chance(0.25) ? { kind: 'drop-response' } : { kind: 'pass' },
    })
    const recoveries: CreateRecovery[] = []
    const created: WorkRequest[] = []
    for (let index = 0; index < 30; index += 1) {
      // The same task and data every time: the hardest case for finding a lost create.
      created.push(
        await client.workRequests.create(
          { task_name: 'noop', task_data: noopData('success') },
          { onRecovered: (recovery) => recoveries.push(recovery) },
        ),
      )
    }
    // The server may also recycle a worker under a kept-alive connection (gunicorn
    // max_requests): a POST that met such a close reached no server and is sent again, so
    // what counts is what the server answered (its head passed through the proxy).
    const acted = proxy.counters.requests.filter(
      (request) => isCreate(request.method, request.target) && request.status !== undefined,
    )
    const lost = acted.filter((request) => request.fate === 'drop-response')
    expect(lost.length).toBeGreaterThanOrEqual(4)
    expect(recoveries).toHaveLength(lost.length)
    expect(recoveries[0]?.note).toMatch(
      /^The answer to the create was lost \(connection .*\); the work request .* was found on the server\.$/,
    )
    const ids = created.map((request) => request.id)
    expect(new Set(ids).size).toBe(30)
    const onServer = await inWorkspace()
    expect(onServer.map((request) => request.id).toSorted((a, b) => a - b)).toEqual(
      ids.toSorted((a, b) => a - b),
    )
    // Nothing was created twice: the server answered one create request per work request.
    expect(acted).toHaveLength(30)
    expect(acted.every((request) => request.status! >= 200 && request.status! < 300)).toBe(true)
  })

  it('a POST on a keep-alive connection the server closes (a recycled worker) is sent again and succeeds once', async () => {
    let closed = 0
    const { proxy, client } = await throughProxy(7, {
      request: ({ method, target, onConnection }) => {
        if (!isCreate(method, target) || onConnection === 1 || closed > 0) return { kind: 'pass' }
        closed += 1
        return { kind: 'close' }
      },
    })
    await client.whoami()
    await settlePool()
    const recoveries: CreateRecovery[] = []
    const created = await client.workRequests.create(
      { task_name: 'noop', task_data: noopData('success') },
      { onRecovered: (recovery) => recoveries.push(recovery) },
    )
    expect(closed).toBe(1)
    expect(recoveries).toEqual([])
    expect((await inWorkspace()).map((request) => request.id)).toEqual([created.id])
    expect(proxy.counters.requests.filter((request) => request.fate === 'close')).toHaveLength(1)
  })

  it('a create whose outcome cannot be decided fails with CreateOutcomeUnknownError, saying what to check, and is not sent twice', async () => {
    const { proxy, client } = await throughProxy(11, {
      // A fresh connection closed under the first create: the server never saw it, but
      // nothing proves that to the client.
      request: ({ method, target, onConnection }) =>
        isCreate(method, target) && onConnection === 1 ? { kind: 'close' } : { kind: 'pass' },
    })
    const error = await rejection(
      client.workRequests.create({ task_name: 'noop', task_data: noopData('success') }),
    )
    expect(CreateOutcomeUnknownError.isInstance(error)).toBe(true)
    expect((error as CreateOutcomeUnknownError).code).toBe('create_outcome_unknown')
    expect(error.message).toMatch(
      /^The answer to the create was lost \(connection closed by the server \(UND_ERR_SOCKET\)\)/,
    )
    expect(error.message).toContain(`work request of task "noop" in workspace "${workspace}"`)
    expect(error.message).toMatch(
      /debusine-ts work-request list.*run the same command again only if it is not there/,
    )
    expect(await inWorkspace()).toEqual([])
    expect(
      proxy.counters.requests.filter((request) => isCreate(request.method, request.target)),
    ).toHaveLength(1)
  })

  it('a workflow whose start answer is lost is found and returned once', async () => {
    const templateName = uniqueName('noop')
    await direct.workflowTemplates.create({ name: templateName, task_name: 'noop', static_parameters: {} })
    const { proxy, client } = await throughProxy(5, {
      request: ({ method, target }) =>
        method === 'POST' && target.endsWith('/workflow/') ? { kind: 'drop-response' } : { kind: 'pass' },
    })
    const recoveries: CreateRecovery[] = []
    const started = await client.workflows.start(
      { templateName },
      { onRecovered: (recovery) => recoveries.push(recovery) },
    )
    expect(recoveries).toHaveLength(1)
    expect(started).toMatchObject({ task_type: 'Workflow', workspace })
    // Read unfiltered, as every server version lists.
    const ours = (await inWorkspace()).filter((request) => request.task_type === 'Workflow')
    expect(ours.map((workflow) => workflow.id)).toEqual([started.id])
    expect(proxy.counters.requests.filter((request) => request.fate === 'drop-response')).toHaveLength(1)
  })

  // The old request is aborted to be retried, and so is the retry.
  requires('workRequests.abort').it(
    'a retry whose answer is lost is found: one work request supersedes the old one, the retry is sent once',
    async () => {
      // A task the worker never takes (no executor here): it stays pending until aborted.
      const old = await direct.workRequests.create({
        task_name: 'mmdebstrap',
        task_data: {
          bootstrap_options: { architecture: 'amd64' },
          bootstrap_repositories: [{ mirror: 'http://mirror.example/debian', suite: 'bookworm' }],
        },
      })
      await direct.workRequests.abort(old.id)
      const { proxy, client } = await throughProxy(13, {
        request: ({ method, target }) =>
          method === 'POST' && target.endsWith(`/work-request/${old.id}/retry/`)
            ? { kind: 'drop-response' }
            : { kind: 'pass' },
      })
      const recoveries: CreateRecovery[] = []
      const retried = await client.workRequests.retry(old.id, {
        onRecovered: (recovery) => recoveries.push(recovery),
      })
      await direct.workRequests.abort(retried.id)
      expect(recoveries).toHaveLength(1)
      expect(retried.id).toBeGreaterThan(old.id)
      expect((await inWorkspace()).map((request) => request.id).sort()).toEqual([old.id, retried.id].sort())
      expect(proxy.counters.requests.filter((request) => request.target.endsWith('/retry/'))).toHaveLength(1)
    },
  )

  requires('collections.create').it(
    'a collection and a workflow template whose create answers are lost are found by name and returned',
    async () => {
      const { proxy, client } = await throughProxy(3, {
        request: ({ method, target }) =>
          method === 'POST' && /\/(collection|workflow-template)\/[^/]+\/$/.test(target)
            ? { kind: 'drop-response' }
            : { kind: 'pass' },
      })
      const recoveries: CreateRecovery[] = []
      const onRecovered = (recovery: CreateRecovery): void => {
        recoveries.push(recovery)
      }
      const name = uniqueName('lost')
      const collection = await client.collections.create(
        { name, category: 'debusine:test', data: { kept: true } },
        { onRecovered },
      )
      expect(collection).toMatchObject({ name, category: 'debusine:test', data: { kept: true } })
      const template = await client.workflowTemplates.create(
        { name, task_name: 'noop', static_parameters: {} },
        { onRecovered },
      )
      expect(template).toMatchObject({ name, task_name: 'noop' })
      expect(recoveries).toHaveLength(2)
      expect(proxy.counters.requests.filter((request) => request.fate === 'drop-response')).toHaveLength(2)
      expect((await direct.collections.get({ category: 'debusine:test', name })).id).toBe(collection.id)
      expect((await direct.workflowTemplates.get(name)).id).toBe(template.id)
    },
  )
})
