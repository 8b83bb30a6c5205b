/**
 * Creates through a network that loses answers after the server acted (plus 503s and
 * keep-alive connections closed by a recycled worker), against the real Debusine 0.16.2
 * server, in a workspace that has a task configuration collection: the server then adds
 * `task_configuration` to the task data of every work request made there, so what it holds
 * is never byte for byte what was sent. Every fate is seeded: the same run every time.
 */
import type { WorkRequest } from '@debusine-ts/models'
import { afterEach, beforeAll, expect, it } from 'vitest'
import type { FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { type CreateRecovery, type DebusineClient } from '../src/index.js'
import { answeredWrites, throughLossyProxy, workspaceWithTaskConfiguration } from './support/lossy-network.js'

let workspace: string
let direct: DebusineClient
let taskConfiguration: number
const proxies: FaultProxy[] = []

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

async function lossy(seed: number): Promise<{ proxy: FaultProxy; client: DebusineClient }> {
  const through = await throughLossyProxy(seed, workspace)
  proxies.push(through.proxy)
  return through
}

/** The work requests of the workspace made since `since` (ms), read without the proxy. */
async function madeSince(since: number, taskName: string): Promise<WorkRequest[]> {
  const found: WorkRequest[] = []
  for await (const request of direct.workRequests.list()) {
    if (Date.parse(request.created_at) < since - 5_000) break
    if (
      request.workspace === workspace &&
      request.task_name === taskName &&
      Date.parse(request.created_at) >= since - 5_000
    ) {
      found.push(request)
    }
  }
  return found
}

/** 30 attempts of `create`: what each returned, or the error it failed with. */
async function thirtyTimes<T>(create: () => Promise<T>): Promise<{ made: T[]; failed: Error[] }> {
  const made: T[] = []
  const failed: Error[] = []
  for (let index = 0; index < 30; index += 1) {
    try {
      made.push(await create())
    } catch (error) {
      failed.push(error as Error)
    }
  }
  return { made, failed }
}

// The premise is the task configuration collection, which 0.11 does not have.
requires('taskConfigurations').describe(
  'creates in a workspace with a task configuration, answers lost (real server, seeded faults)',
  () => {
    beforeAll(async () => {
      ;({
        workspace,
        direct,
        collection: taskConfiguration,
      } = await workspaceWithTaskConfiguration('lost-creates'))
    })

    it('30 identical work request creates: 30 succeed, no false failure, no duplicate', async () => {
      const since = Date.now()
      const { proxy, client } = await lossy(2032)
      const recoveries: CreateRecovery[] = []
      const { made, failed } = await thirtyTimes(() =>
        client.workRequests.create(
          { task_name: 'noop', task_data: { result: 'success' } },
          { onRecovered: (recovery) => recoveries.push(recovery) },
        ),
      )
      const onServer = await madeSince(since, 'noop')
      const ids = new Set(made.map((request) => request.id))
      const lost = answeredWrites(proxy, /\/work-request\/$/).filter(
        (request) => request.fate === 'drop-response',
      )
      const counts = {
        succeeded: made.length,
        falseFailures: failed.map((error) => error.message),
        duplicates: onServer.length - ids.size,
        recovered: recoveries.length,
      }
      expect(counts).toEqual({ succeeded: 30, falseFailures: [], duplicates: 0, recovered: lost.length })
      expect(lost.length).toBeGreaterThanOrEqual(5)
      // A closed keep-alive connection comes when a roll for it meets a reused connection;
      // lost answers and 503s come whatever the connections.
      const fates = new Set(proxy.counters.requests.map((request) => request.fate))
      expect(fates).toContain('drop-response')
      expect(fates).toContain('reply')
      expect(onServer.map((request) => request.id).toSorted((a, b) => a - b)).toEqual(
        [...ids].toSorted((a, b) => a - b),
      )
      // What made the byte-for-byte comparison miss: the server's own key.
      expect(onServer.every((request) => request.task_data.task_configuration === taskConfiguration)).toBe(
        true,
      )
    }, 600_000)

    it('30 workflow starts from a template: 30 succeed, no false failure, no duplicate', async () => {
      const templateName = uniqueName('noop')
      await direct.workflowTemplates.create({ name: templateName, task_name: 'noop', static_parameters: {} })
      const since = Date.now()
      const { proxy, client } = await lossy(2033)
      const { made, failed } = await thirtyTimes(() => client.workflows.start({ templateName }))
      const onServer = (await madeSince(since, 'noop')).filter((request) => request.task_type === 'Workflow')
      const ids = new Set(made.map((request) => request.id))
      expect({
        succeeded: made.length,
        falseFailures: failed.map((error) => error.message),
        duplicates: onServer.length - ids.size,
      }).toEqual({
        succeeded: 30,
        falseFailures: [],
        duplicates: 0,
      })
      expect(
        answeredWrites(proxy, /\/workflow\/$/).filter((request) => request.fate === 'drop-response').length,
      ).toBeGreaterThanOrEqual(5)
    }, 600_000)

    it('30 collections and 30 workflow templates: each succeeds once, holding what was sent', async () => {
      const { proxy, client } = await lossy(2034)
      const prefix = uniqueName('lost')
      let next = 0
      const collections = await thirtyTimes(() =>
        client.collections.create({
          name: `${prefix}-${++next}`,
          category: 'debusine:test',
          data: { n: next, tags: ['b', 'a'] },
        }),
      )
      next = 0
      const templates = await thirtyTimes(() =>
        client.workflowTemplates.create({
          name: `${prefix}-${++next}`,
          task_name: 'noop',
          static_parameters: { n: next },
          runtime_parameters: 'any',
        }),
      )
      expect([collections.made.length, collections.failed, templates.made.length, templates.failed]).toEqual([
        30,
        [],
        30,
        [],
      ])
      expect(new Set(collections.made.map((collection) => collection.id)).size).toBe(30)
      expect(new Set(templates.made.map((template) => template.id)).size).toBe(30)
      expect(collections.made[0]).toMatchObject({ name: `${prefix}-1`, data: { n: 1, tags: ['b', 'a'] } })
      const lost = proxy.counters.requests.filter((request) => request.fate === 'drop-response')
      expect(lost.length).toBeGreaterThanOrEqual(10)
    }, 600_000)
  },
)
