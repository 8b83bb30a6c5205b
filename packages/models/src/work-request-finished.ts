import { WorkRequestStatus } from './enumerations.js'

/** The statuses after which a work request never changes again: completed or aborted. */
export const FINISHED_WORK_REQUEST_STATUSES: readonly WorkRequestStatus[] = Object.freeze([
  WorkRequestStatus.COMPLETED,
  WorkRequestStatus.ABORTED,
])

/**
 * Whether a work request is finished (completed or aborted): its status and result no
 * longer change. A `completed` work request may still have failed: check its `result`.
 *
 * @example
 * if (isWorkRequestFinished(request)) console.log(request.status, request.result)
 */
export function isWorkRequestFinished(request: { readonly status: string }): boolean {
  return (FINISHED_WORK_REQUEST_STATUSES as readonly string[]).includes(request.status)
}
