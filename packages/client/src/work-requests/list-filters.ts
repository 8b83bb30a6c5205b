import type { TaskType, WorkRequestStatus } from '@debusine-ts/models'

/** Filters of a work request list; every filter given narrows the list. */
export interface WorkRequestListFilters {
  /** Only work requests in this status (0.16.2+). */
  status?: WorkRequestStatus | undefined
  /** Only work requests of this task type, e.g. `TaskType.WORKFLOW` (0.16.0+). */
  taskType?: TaskType | undefined
  /** Only work requests without a parent: top-level requests and root workflows (0.16.0+). */
  rootOnly?: boolean | undefined
  /** Only the work requests with these ids (0.16.2+). */
  ids?: readonly number[] | undefined
}
