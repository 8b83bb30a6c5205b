/**
 * The writes other than creates through a network that loses answers after the server
 * acted (plus 503s and keep-alive connections closed by a recycled worker), against the real
 * Debusine 0.16.2 server, in a workspace that has a task configuration collection. Each
 * action either is read back (abort, review, confirmation, item removal), found (retry), or
 * replayed because the server makes it idempotent (priority, relation create). Counted for
 * each: succeeded, false failures, duplicates. Every fate is seeded.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CollectionCategory, RelationType, type WorkRequest } from '@debusine-ts/models'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import type { DebusineClient } from '../src/index.js'
import { answeredWrites, throughLossyProxy, workspaceWithTaskConfiguration } from './support/lossy-network.js'
import { manualSteps, type ManualSteps } from './support/manual-steps.js'
import { createPendingWorkRequest } from './support/pending-work-request.js'

let workspace: string
let direct: DebusineClient
let scratch: string
const proxies: FaultProxy[] = []

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

async function lossy(seed: number): Promise<{ proxy: FaultProxy; client: DebusineClient }> {
  const through = await throughLossyProxy(seed, workspace)
  proxies.push(through.proxy)
  return through
}

/** Run `act` on each of `subjects` in turn: what succeeded, and the errors. */
async function each<S, T>(
  subjects: readonly S[],
  act: (subject: S) => Promise<T>,
): Promise<{ made: T[]; failed: Error[] }> {
  const made: T[] = []
  const failed: Error[] = []
  for (const subject of subjects) {
    try {
      made.push(await act(subject))
    } catch (error) {
      failed.push(error as Error)
    }
  }
  return { made, failed }
}

/** How many answers the proxy lost after the server acted, of writes to `target`. */
const lostAnswers = (proxy: FaultProxy, target: RegExp): number =>
  answeredWrites(proxy, target).filter((request) => request.fate === 'drop-response').length

// In a workspace with a task configuration collection, which 0.11 does not have.
requires('taskConfigurations').describe('actions whose answers are lost (real server, seeded faults)', () => {
  beforeAll(async () => {
    ;({ workspace, direct } = await workspaceWithTaskConfiguration('lost-actions'))
    scratch = await mkdtemp(join(tmpdir(), 'debusine-ts-lost-actions-'))
  })

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true })
  })

  let pending: WorkRequest[] = []

  it('10 aborts: read back, all applied, no false failure', async () => {
    for (let index = 0; index < 10; index += 1) pending.push(await createPendingWorkRequest(direct))
    const { proxy, client } = await lossy(3202)
    const { made, failed } = await each(pending, (request) => client.workRequests.abort(request.id))
    const states = await Promise.all(pending.map((request) => direct.workRequests.get(request.id)))
    expect({ succeeded: made.length, falseFailures: failed.map((error) => error.message) }).toEqual({
      succeeded: 10,
      falseFailures: [],
    })
    expect(states.every((state) => state.status === 'aborted')).toBe(true)
    expect(lostAnswers(proxy, /\/abort\/$/)).toBeGreaterThanOrEqual(1)
  }, 600_000)

  it('10 retries: each found once, no false failure, no duplicate', async () => {
    const since = Date.now()
    const { proxy, client } = await lossy(3203)
    const { made, failed } = await each(pending, (request) => client.workRequests.retry(request.id))
    const fresh: WorkRequest[] = []
    for await (const request of direct.workRequests.list()) {
      if (Date.parse(request.created_at) < since - 5_000) break
      if (
        request.workspace === workspace &&
        request.task_name === 'mmdebstrap' &&
        !pending.some((old) => old.id === request.id)
      ) {
        fresh.push(request)
      }
    }
    const ids = new Set(made.map((request) => request.id))
    expect({
      succeeded: made.length,
      falseFailures: failed.map((error) => error.message),
      duplicates: fresh.length - ids.size,
    }).toEqual({
      succeeded: 10,
      falseFailures: [],
      duplicates: 0,
    })
    expect(lostAnswers(proxy, /\/retry\/$/)).toBeGreaterThanOrEqual(1)
    pending = made
  }, 600_000)

  it('10 priority changes: replayed (the PATCH sets a value), all applied, no false failure', async () => {
    const { proxy, client } = await lossy(3204)
    const { made, failed } = await each(pending, (request) =>
      client.workRequests.updatePriority(request.id, 0 - (request.id % 7)),
    )
    expect({ succeeded: made.length, falseFailures: failed.map((error) => error.message) }).toEqual({
      succeeded: 10,
      falseFailures: [],
    })
    const states = await Promise.all(pending.map((request) => direct.workRequests.get(request.id)))
    expect(states.map((state) => state.priority_adjustment)).toEqual(
      pending.map((request) => 0 - (request.id % 7)),
    )
    expect(lostAnswers(proxy, /\/work-request\/\d+\/$/)).toBeGreaterThanOrEqual(1)
    await Promise.all(pending.map((request) => direct.workRequests.abort(request.id)))
  }, 600_000)

  it('5 reviews and 5 confirmations: read back, all applied, no false failure', async () => {
    const steps: ManualSteps[] = []
    for (let index = 0; index < 5; index += 1) steps.push(await manualSteps(workspace))
    const { proxy, client } = await lossy(3212)
    const reviews = await each(steps, (step) =>
      client.workRequests.unblock(step.review, { action: 'accept', notes: `Reviewed ${step.review}` }),
    )
    const confirmations = await each(steps, (step) =>
      client.workRequests.confirm(step.confirm, { comment: 'Ship it' }),
    )
    expect({
      reviews: {
        succeeded: reviews.made.length,
        falseFailures: reviews.failed.map((error) => error.message),
      },
      confirmations: {
        succeeded: confirmations.made.length,
        falseFailures: confirmations.failed.map((error) => error.message),
      },
    }).toEqual({
      reviews: { succeeded: 5, falseFailures: [] },
      confirmations: { succeeded: 5, falseFailures: [] },
    })
    for (const step of steps) {
      const review = await direct.workRequests.get(step.review)
      const log = (review.workflow_data as { manual_unblock: { log: { notes: string }[] } }).manual_unblock
        .log
      // Applied once: a review sent again after it was applied would have been refused.
      expect(log.map((entry) => entry.notes)).toEqual([`Reviewed ${step.review}`])
      expect((await direct.workRequests.get(step.confirm)).status).toBe('completed')
    }
    expect(lostAnswers(proxy, /\/unblock\/$/)).toBeGreaterThanOrEqual(1)
    expect(lostAnswers(proxy, /\/confirm\/$/)).toBeGreaterThanOrEqual(1)
  }, 600_000)

  it('10 collection item removals: read back, all removed, no false failure', async () => {
    const name = uniqueName('items').replace(/-/g, '.')
    await direct.collections.create({ name, category: CollectionCategory.TASK_CONFIGURATION, data: {} })
    const directory = join(scratch, name)
    await direct.taskConfigurations.fetchToRepository(directory, { name })
    const entries = Array.from({ length: 10 }, (_, index) =>
      JSON.stringify({
        task_type: 'Worker',
        task_name: 'sbuild',
        subject: `pkg${index}`,
        default_values: { backend: 'unshare' },
      }),
    )
    await writeFile(join(directory, 'builds.yaml'), entries.map((entry) => `- ${entry}\n`).join(''))
    await direct.taskConfigurations.push(directory)
    const collection = { category: CollectionCategory.TASK_CONFIGURATION, name }
    const items = await direct.collections.items.list(collection).toArray({ limit: 100 })
    expect(items).toHaveLength(10)
    const { proxy, client } = await lossy(3206)
    const { made, failed } = await each(items, (item) =>
      client.collections.items.delete(collection, item.name),
    )
    expect({ succeeded: made.length, falseFailures: failed.map((error) => error.message) }).toEqual({
      succeeded: 10,
      falseFailures: [],
    })
    expect(await direct.collections.items.list(collection).toArray({ limit: 100 })).toEqual([])
    expect(lostAnswers(proxy, /\/item\/.+\/$/)).toBeGreaterThanOrEqual(1)
  }, 600_000)

  it('10 relation creates: replayed (the server answers an existing relation), no false failure, no duplicate', async () => {
    const artifacts: number[] = []
    for (let index = 0; index < 11; index += 1) {
      const created = (await direct.transport.request('POST', '/artifact/', {
        body: { category: 'debusine:test', workspace, files: {}, data: {} },
        expectedStatus: 201,
      })) as { id: number }
      artifacts.push(created.id)
    }
    const { proxy, client } = await lossy(3207)
    const pairs = artifacts.slice(1).map((target, index) => [artifacts[index]!, target] as const)
    const { made, failed } = await each(pairs, ([source, target]) =>
      client.relations.create(source, target, RelationType.RELATES_TO),
    )
    const relations = await Promise.all(pairs.map(([source]) => direct.relations.list({ artifact: source })))
    expect({
      succeeded: made.length,
      falseFailures: failed.map((error) => error.message),
      duplicates: relations.flat().length - 10,
    }).toEqual({
      succeeded: 10,
      falseFailures: [],
      duplicates: 0,
    })
    expect(lostAnswers(proxy, /\/artifact-relation\/$/)).toBeGreaterThanOrEqual(1)
  }, 600_000)
})
