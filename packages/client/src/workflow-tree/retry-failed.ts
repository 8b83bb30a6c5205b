import type { WorkRequest } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import { NothingToRetryError } from './nothing-to-retry-error.js'
import { workflowTree, type WorkflowTreeClient, type WorkflowTreeNode } from './tree.js'
import { isFailedLeaf } from './failures.js'
import { newestAttempts } from './newest-attempts.js'

/** What {@link retryFailed} did: each retried leaf and the work request that retries it. */
export interface RetriedLeaf {
  /** The failed or aborted leaf. */
  readonly leaf: WorkflowTreeNode
  /** The server's answer to its retry. */
  readonly retried: WorkRequest
}

/** Whether a leaf is one `retryFailed` retries: failed, errored, or aborted. */
export function isRetryable(node: WorkflowTreeNode): boolean {
  return isFailedLeaf(node) || (node.taskType !== 'Workflow' && node.status === 'aborted')
}

/**
 * Retry only the failed, errored or aborted leaves of workflow `id`, one by one through
 * `workRequests.retry` (never sent twice). A leaf a retry already superseded is not
 * retried again: only the newest attempt of a task under the same parent counts.
 *
 * @example
 * for (const { leaf, retried } of await retryFailed(client, 42)) console.log(leaf.id, '->', retried.id)
 * @throws {NothingToRetryError} when no leaf failed or was aborted
 * @throws {ServerTooOldError} on a server whose work requests do not name their workflow (0.11)
 */
export async function retryFailed(
  client: WorkflowTreeClient,
  id: number,
  options: RequestOptions = {},
): Promise<RetriedLeaf[]> {
  const { nodes } = await workflowTree(client, id, options)
  const leaves = newestAttempts(nodes).filter(isRetryable)
  if (leaves.length === 0) throw new NothingToRetryError(id)
  const done: RetriedLeaf[] = []
  for (const leaf of leaves) done.push({ leaf, retried: await client.workRequests.retry(leaf.id, options) })
  return done
}
