import type { WorkRequest } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { WorkRequests } from '../work-requests/work-requests.js'

/** The capability-table row of {@link workflowChildren}: 0.11 does not say which workflow a work request is in. */
const OPERATION = 'workflowChildren'

/** Options of {@link workflowChildren}. */
export interface WorkflowChildrenOptions extends RequestOptions {
  /**
   * The most work requests of other workflows read past before giving up (newest first);
   * default 5000. Bounds the cost on a busy server: the list has no parent filter.
   */
  scanLimit?: number | undefined
}

/** A workflow's work requests, as {@link workflowChildren} found them. */
export interface WorkflowChildren {
  /** Every work request under the workflow (sub-workflows and their children too), oldest first. */
  children: WorkRequest[]
  /** False when `scanLimit` stopped the search before it reached the workflow itself. */
  complete: boolean
}

/**
 * The work requests of workflow `root`: those whose `workflow_root` is its id, sub-workflows
 * and their children included. The server's list has no parent filter (only `task_type`,
 * `root_only`, `ids`, `status`), so this reads it newest first and stops at the workflow
 * itself: a child is always created after its workflow, so has a larger id. A plain work
 * request has none.
 *
 * @example
 * const { children } = await workflowChildren(client, await client.workRequests.get(42))
 * for (const child of children) console.log(child.id, child.task_name, child.status, child.result)
 * @throws {ServerTooOldError} for a workflow on a server whose work requests do not name their workflow (0.11)
 */
export async function workflowChildren(
  client: { readonly workRequests: Pick<WorkRequests, 'list'> },
  root: WorkRequest,
  options: WorkflowChildrenOptions = {},
): Promise<WorkflowChildren> {
  if (root.task_type !== 'Workflow') return { children: [], complete: true }
  const { scanLimit = 5_000, ...requestOptions } = options
  const children: WorkRequest[] = []
  let others = 0
  for await (const request of client.workRequests.list({}, { ...requestOptions, operation: OPERATION })) {
    if (request.id <= root.id) return { children: oldestFirst(children), complete: true }
    if (request.workflow_root === root.id) children.push(request)
    else if ((others += 1) > scanLimit) return { children: oldestFirst(children), complete: false }
  }
  return { children: oldestFirst(children), complete: true }
}

function oldestFirst(requests: WorkRequest[]): WorkRequest[] {
  return requests.sort((a, b) => a.id - b.id)
}
