import type { WorkRequest } from '@debusine-ts/models'

/** Which of a workflow's work requests the job summary lists. */
export const childrenValues = ['all', 'qa', 'none'] as const
/** Which of a workflow's work requests the job summary lists: all, those of its `qa` sub-workflows, none. */
export type ChildrenShown = (typeof childrenValues)[number]

/** Whether `request` sits under a `qa` sub-workflow among `byId` (at any depth). */
function underQa(request: WorkRequest, byId: ReadonlyMap<number, WorkRequest>): boolean {
  const seen = new Set<number>()
  for (
    let parent = byId.get(request.parent ?? 0);
    parent !== undefined;
    parent = byId.get(parent.parent ?? 0)
  ) {
    if (seen.has(parent.id)) return false
    seen.add(parent.id)
    if (parent.task_type === 'Workflow' && parent.task_name === 'qa') return true
  }
  return false
}

/**
 * The work requests of a workflow the summary lists under `shown`: `qa` keeps the tasks of
 * its `qa` sub-workflows (lintian, autopkgtest, piuparts, …), the sub-workflows left out.
 */
export function shownChildren(children: readonly WorkRequest[], shown: ChildrenShown): WorkRequest[] {
  if (shown === 'none') return []
  if (shown === 'all') return [...children]
  const byId = new Map(children.map((child) => [child.id, child]))
  return children.filter((child) => underQa(child, byId))
}
