/**
 * client.workRequests against the real Debusine 0.16.2 server.
 */
import {
  TaskType,
  ValidationError,
  WorkRequestResult,
  WorkRequestStatus,
  type WorkRequest,
} from '@debusine-ts/models'
import { AbortError, BadRequestError, NotFoundError, PermissionDeniedError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopData,
  realServer,
  requires,
  serverLacks,
} from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { createPendingWorkRequest } from './support/pending-work-request.js'
import { WorkRequestWaitTimeoutError } from '../src/work-requests/wait-timeout-error.js'
import { rejection } from '../../../tooling/vitest/rejection.js'

let workspace: string
let client: DebusineClient
const toAbort: number[] = []

function clientFor(workspaceName: string | undefined, token = realServer().token): DebusineClient {
  const server = realServer()
  return new DebusineClient({ apiUrl: server.apiUrl, token, scope: server.scope, workspace: workspaceName })
}

/** A pending work request, aborted after the tests. */
async function pendingRequest(): Promise<WorkRequest> {
  const request = await createPendingWorkRequest(client)
  toAbort.push(request.id)
  return request
}

function noop(result: 'success' | 'failure'): Promise<WorkRequest> {
  return client.workRequests.create({ task_name: 'noop', task_data: noopData(result) })
}

beforeAll(async () => {
  workspace = await freshWorkspace('wr')
  client = clientFor(workspace)
})

afterAll(async () => {
  // A server without abort keeps them pending, in this test's own workspace.
  if (serverLacks('workRequests.abort')) return
  for (const id of toAbort) {
    const current = await client.workRequests.get(id)
    if (current.status === WorkRequestStatus.PENDING || current.status === WorkRequestStatus.BLOCKED) {
      await client.workRequests.abort(id)
    }
  }
})

describe('workRequests.create / get / waitForCompletion', () => {
  it('creates a noop work request in the client workspace (200, pending) and follows it to success', async () => {
    const created = await noop('success')
    expect(created).toMatchObject({
      task_name: 'noop',
      task_type: TaskType.WORKER,
      workspace,
      status: WorkRequestStatus.PENDING,
      result: WorkRequestResult.NONE,
    })
    expect(created.task_data).toMatchObject(noopData('success'))
    const seen: string[] = []
    const done = await client.workRequests.waitForCompletion(created.id, {
      pollInterval: 200,
      maxWait: 60_000,
      onUpdate: (current) => seen.push(current.status),
    })
    expect(done).toMatchObject({
      id: created.id,
      status: WorkRequestStatus.COMPLETED,
      result: WorkRequestResult.SUCCESS,
    })
    expect(seen.at(-1)).toBe(WorkRequestStatus.COMPLETED)
    expect(new Set(seen).size).toBe(seen.length)
    await expect(client.workRequests.get(created.id)).resolves.toMatchObject({
      id: created.id,
      status: WorkRequestStatus.COMPLETED,
      completed_at: expect.any(String) as string,
    })
  })

  it('uses the server default workspace when neither the call nor the client names one', async () => {
    const created = await clientFor(undefined).workRequests.create({
      task_name: 'noop',
      task_data: noopData('success'),
      event_reactions: { on_failure: [] },
    })
    expect(created.workspace).toBe(realServer().workspace)
    // 0.16.2 answers every list filled in; 0.11.3 answers {} for reactions left empty.
    expect(created.event_reactions?.['on_failure'] ?? []).toEqual([])
  })

  it('refuses unknown keys and reactions other than send-notification before sending', async () => {
    const unknown = await rejection(
      client.workRequests.create({ task_name: 'noop', task_data: {}, priority: 3 } as never),
    )
    expect(ValidationError.isInstance(unknown)).toBe(true)
    expect((unknown as ValidationError).issues).toEqual([
      expect.objectContaining({ path: '', rule: 'unrecognized_keys' }),
    ])
    const reaction = await rejection(
      client.workRequests.create({
        task_name: 'noop',
        task_data: {},
        event_reactions: { on_failure: [{ action: 'retry-with-delays', delays: ['1m'] }] },
      }),
    )
    expect(ValidationError.isInstance(reaction)).toBe(true)
    expect((reaction as ValidationError).issues[0]?.path).toMatch(/^event_reactions\.on_failure\.0/)
  })

  it('reports the server refusal of an unknown task', async () => {
    const error = await rejection(client.workRequests.create({ task_name: 'no-such-task', task_data: {} }))
    expect(BadRequestError.isInstance(error)).toBe(true)
    expect(error.message).toMatch(/Cannot create work request/)
  })

  it('get of an unknown id is a NotFoundError', async () => {
    await expect(client.workRequests.get(999_999_999)).rejects.toSatisfy((error) =>
      NotFoundError.isInstance(error),
    )
  })

  it('waitForCompletion gives up after its timeout, and stops when its signal aborts', async () => {
    const pending = await pendingRequest()
    const timedOut = await rejection(
      client.workRequests.waitForCompletion(pending.id, { pollInterval: 100, maxWait: 400 }),
    )
    expect(WorkRequestWaitTimeoutError.isInstance(timedOut)).toBe(true)
    expect((timedOut as WorkRequestWaitTimeoutError).workRequest.status).toBe(WorkRequestStatus.PENDING)
    expect(timedOut.message).toContain(`Work request ${pending.id} was still pending`)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    const aborted = await rejection(
      client.workRequests.waitForCompletion(pending.id, { pollInterval: 5_000, signal: controller.signal }),
    )
    expect(AbortError.isInstance(aborted)).toBe(true)
  })
})

describe('workRequests.list', () => {
  requires('workRequests.list filtered by ids or status').it(
    'filters by ids (newest first), status, task type and root-only',
    async () => {
      const first = await noop('success')
      const second = await pendingRequest()
      await client.workRequests.waitForCompletion(first.id, { pollInterval: 200, maxWait: 60_000 })
      const ids = [first.id, second.id]
      expect((await client.workRequests.list({ ids }).toArray({ limit: 10 })).map((item) => item.id)).toEqual(
        [second.id, first.id],
      )
      const pending = await client.workRequests
        .list({ ids, status: WorkRequestStatus.PENDING })
        .toArray({ limit: 10 })
      expect(pending.map((item) => item.id)).toEqual([second.id])
      const completed = await client.workRequests
        .list({ ids, status: WorkRequestStatus.COMPLETED })
        .toArray({ limit: 10 })
      expect(completed.map((item) => item.id)).toEqual([first.id])
      const workflows = await client.workRequests
        .list({ ids, taskType: TaskType.WORKFLOW })
        .toArray({ limit: 10 })
      expect(workflows).toEqual([])
      const roots = await client.workRequests
        .list({ ids, rootOnly: true, taskType: TaskType.WORKER })
        .toArray({ limit: 10 })
      expect(roots.map((item) => item.id).sort()).toEqual([...ids].sort())
    },
  )

  it('follows the cursor across pages', async () => {
    const items = await client.workRequests.list().toArray({ limit: 12 })
    const pages = client.workRequests.list().pages()
    const firstPage = await pages.next()
    await pages.return()
    expect(firstPage.done).toBe(false)
    if (items.length > 10) expect(firstPage.value?.next).toMatch(/cursor=/)
    expect(items.length).toBeGreaterThan(1)
  })

  it('refuses an unknown filter value before sending', () => {
    expect(() => client.workRequests.list({ status: 'finished' as never })).toThrow(/status: expected one of/)
    expect(() => client.workRequests.list({ ids: [1.5] })).toThrow(ValidationError)
  })
})

describe('workRequests.updatePriority', () => {
  it('lowers the priority of an own work request; raising it is refused with the rule', async () => {
    const pending = await pendingRequest()
    const lowered = await client.workRequests.updatePriority(pending.id, -5)
    expect(lowered).toMatchObject({ id: pending.id, priority_adjustment: -5 })
    const error = await rejection(client.workRequests.updatePriority(pending.id, 5))
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect((error as PermissionDeniedError).title).toBe('You are not permitted to set priority adjustments')
    expect(error.message).toMatch(/only to 0 or less/)
    expect(error.message).toMatch(/manage_workrequest_priorities/)
  })
})

describe('workRequests.abort / retry', () => {
  requires('workRequests.abort').it(
    'aborts a pending work request; aborting it again is a BadRequestError',
    async () => {
      const pending = await pendingRequest()
      const aborted = await client.workRequests.abort(pending.id)
      expect(aborted).toMatchObject({ id: pending.id, status: WorkRequestStatus.ABORTED })
      const again = await rejection(client.workRequests.abort(pending.id))
      expect(BadRequestError.isInstance(again)).toBe(true)
      expect((again as BadRequestError).title).toBe('Cannot abort work request')
    },
  )

  it('retry of a failed work request returns the new work request that supersedes it', async () => {
    const failed = await noop('failure')
    await client.workRequests.waitForCompletion(failed.id, { pollInterval: 200, maxWait: 60_000 })
    const retried = await client.workRequests.retry(failed.id)
    expect(retried.id).not.toBe(failed.id)
    expect(retried).toMatchObject({
      task_name: 'noop',
      task_data: expect.objectContaining(noopData('failure')) as unknown,
    })
    const done = await client.workRequests.waitForCompletion(retried.id, {
      pollInterval: 200,
      maxWait: 60_000,
    })
    expect(done).toMatchObject({ status: WorkRequestStatus.COMPLETED, result: WorkRequestResult.FAILURE })
  })

  it('retry of a successful work request is refused with the server reason', async () => {
    const succeeded = await noop('success')
    await client.workRequests.waitForCompletion(succeeded.id, { pollInterval: 200, maxWait: 60_000 })
    const error = await rejection(client.workRequests.retry(succeeded.id))
    expect(BadRequestError.isInstance(error)).toBe(true)
    // 0.16.2's words, then 0.11.3's.
    expect(error.message).toMatch(
      /Cannot retry work request.*(Only unsuccessful tasks|Only aborted or failed tasks) can be retried/,
    )
  })
})

describe('workRequests.completedUpdate', () => {
  it('is refused for a user token, and the error says a work-request token is needed', async () => {
    const pending = await pendingRequest()
    const error = await rejection(
      client.workRequests.completedUpdate(pending.id, {
        result: WorkRequestResult.SUCCESS,
        outputData: { runtime_statistics: { duration: 3 } },
      }),
    )
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect((error as PermissionDeniedError).status).toBe(403)
    expect(error.message).toMatch(/You do not have permission to perform this action/)
    expect(error.message).toMatch(/work request's own token/)
    await expect(client.workRequests.get(pending.id)).resolves.toMatchObject({
      status: WorkRequestStatus.PENDING,
    })
  })

  it('validates the result and the output data before sending', async () => {
    await expect(client.workRequests.completedUpdate(1, { result: '' as never })).rejects.toThrow(
      /result: expected one of/,
    )
    const error = await rejection(
      client.workRequests.completedUpdate(1, { result: 'success', outputData: { duration: 3 } as never }),
    )
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues[0]).toMatchObject({
      path: 'outputData',
      rule: 'unrecognized_keys',
    })
  })
})

describe('workRequests.externalDebsign / completeExternalDebsign', () => {
  it('both are refused for a work request that is not Wait/ExternalDebsign, with the server message', async () => {
    const request = await noop('success')
    const read = await rejection(client.workRequests.externalDebsign(request.id))
    expect(BadRequestError.isInstance(read)).toBe(true)
    expect(read.message).toContain('Expected work request to be Wait/ExternalDebsign; got Worker/noop')
    const complete = await rejection(
      client.workRequests.completeExternalDebsign(request.id, { signedArtifact: 1 }),
    )
    expect(BadRequestError.isInstance(complete)).toBe(true)
    expect(complete.message).toContain('Expected work request to be Wait/ExternalDebsign; got Worker/noop')
  })

  it('validates the signed artifact id before sending', async () => {
    await expect(
      client.workRequests.completeExternalDebsign(1, { signedArtifact: 'x' as never }),
    ).rejects.toSatisfy((error) => ValidationError.isInstance(error))
  })
})
