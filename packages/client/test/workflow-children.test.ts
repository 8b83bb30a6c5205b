/**
 * workflowChildren against the real Debusine server (0.16 or 0.11): a workflow's work requests
 * found in the work-request list (which has no parent filter), past other work requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires, serverLacks } from '../../../tooling/vitest/real-server.js'
import { DebusineClient, workflowChildren } from '../src/index.js'
import { createPendingWorkRequest } from './support/pending-work-request.js'
import { abortAsAdmin } from './support/admin.js'
import { manualReview } from './support/manual-steps.js'

let client: DebusineClient
let steps: Awaited<ReturnType<typeof manualReview>>
const toAbort: number[] = []

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('children')
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  steps = await manualReview(workspace)
  toAbort.push(steps.workflow)
  // Newer than the workflow: the search reads past it.
  toAbort.push((await createPendingWorkRequest(client)).id)
})

afterAll(async () => {
  if (serverLacks('workRequests.abort')) return abortAsAdmin(toAbort)
  for (const id of toAbort) await client.workRequests.abort(id).catch(() => undefined)
})

describe('workflowChildren (real server)', () => {
  requires('workflowChildren').it("lists a workflow's work requests with their state", async () => {
    const root = await client.workRequests.get(steps.workflow)
    const found = await workflowChildren(client, root)
    expect(found.complete).toBe(true)
    expect(found.children).toEqual([
      expect.objectContaining({
        id: steps.review,
        task_name: 'noop',
        status: 'blocked',
        parent: steps.workflow,
      }),
    ])
  })

  it('a plain work request has none, and nothing is read', async () => {
    const plain = await client.workRequests.get(toAbort[1] ?? 0)
    const reads: unknown[] = []
    const counting = {
      workRequests: { list: (...args: unknown[]) => (reads.push(args), client.workRequests.list()) },
    }
    expect(await workflowChildren(counting, plain)).toEqual({ children: [], complete: true })
    expect(reads).toEqual([])
  })

  requires('workflowChildren').it('says when scanLimit stopped it before the workflow', async () => {
    const root = await client.workRequests.get(steps.workflow)
    const found = await workflowChildren(client, root, { scanLimit: 0 })
    expect(found.complete).toBe(false)
    expect(found.children).toEqual([])
  })
})
