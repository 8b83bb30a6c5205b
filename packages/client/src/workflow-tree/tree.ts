import type { WorkRequest } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { WorkRequests } from '../work-requests/work-requests.js'
import { workflowChildren } from '../workflows/children.js'

/** What the workflow-tree functions read through: a client's work requests and artifacts. */
export interface WorkflowTreeClient {
  readonly workRequests: Pick<WorkRequests, 'get' | 'list' | 'retry'>
}

/** One descendant of a workflow, as {@link workflowTree} reads it. */
export interface WorkflowTreeNode {
  /** The work request itself, as the server described it. */
  readonly request: WorkRequest
  /** Its id. */
  readonly id: number
  /** `Worker`, `Workflow`, `Server`, `Internal`, `Signing`, `Wait`. */
  readonly taskType: string
  /** The task's name, e.g. `sbuild`. */
  readonly taskName: string
  /** Its status. */
  readonly status: string
  /** Its result (`''` until it completes). */
  readonly result: string
  /** When it started, if it did. */
  readonly startedAt: string | null
  /** When it completed, if it did. */
  readonly completedAt: string | null
  /** The artifacts it produced. */
  readonly artifacts: readonly number[]
  /** Its parent work request (the root or a sub-workflow). */
  readonly parent: number | null
  /** True when a `qa` sub-workflow is among its ancestors. */
  readonly underQa: boolean
}

/** A workflow and every descendant, oldest first. */
export interface WorkflowTree {
  /** The workflow itself. */
  readonly root: WorkRequest
  /** Every descendant (sub-workflows and their children too), oldest first. */
  readonly nodes: readonly WorkflowTreeNode[]
}

/**
 * The tree of workflow `id`: the workflow and every descendant with its task, status,
 * result, times, artifacts, parent, and whether it sits under a `qa` sub-workflow.
 *
 * @example
 * const { nodes } = await workflowTree(client, 42)
 * for (const node of nodes) console.log(node.id, node.taskName, node.status, node.underQa)
 * @throws {ServerTooOldError} on a server whose work requests do not name their workflow (0.11)
 */
export async function workflowTree(
  client: WorkflowTreeClient,
  id: number,
  options: RequestOptions = {},
): Promise<WorkflowTree> {
  const root = await client.workRequests.get(id, options)
  const { children } = await workflowChildren(client, root, options)
  return { root, nodes: treeNodes(root, children) }
}

/** The nodes of `children` under `root`, each knowing whether a `qa` workflow is above it. */
export function treeNodes(root: WorkRequest, children: readonly WorkRequest[]): WorkflowTreeNode[] {
  const byId = new Map<number, WorkRequest>([[root.id, root], ...children.map((c) => [c.id, c] as const)])
  const underQa = (request: WorkRequest): boolean => {
    for (let up = byId.get(request.parent ?? -1); up !== undefined; up = byId.get(up.parent ?? -1)) {
      if (up.task_type === 'Workflow' && up.task_name === 'qa') return true
      if (up.id === root.id) return false
    }
    return false
  }
  return children.map((request) => ({
    request,
    id: request.id,
    taskType: request.task_type,
    taskName: request.task_name,
    status: request.status,
    result: request.result,
    startedAt: request.started_at ?? null,
    completedAt: request.completed_at ?? null,
    artifacts: request.artifacts,
    parent: request.parent ?? null,
    underQa: underQa(request),
  }))
}
