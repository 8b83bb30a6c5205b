import type { FakeState } from './fake-state.js'
import type { WorkRequestRecord } from './records.js'

/** The results with which a completion is announced on the channel (not `skipped`). */
const ANNOUNCED_RESULTS = new Set(['success', 'failure', 'temporary failure', 'error'])
const RETRYABLE_RESULTS = new Set(['failure', 'temporary failure', 'error'])

/** How a completion reaches the state and the channel. */
export interface CompletionOptions {
  /**
   * Announce on the channel this many milliseconds before the state turns terminal, as a
   * real server may (its notification and the read of a client can cross). Default 0.
   */
  announceAheadMs?: number
}

/** Complete a pending or running work request with `result`, and announce it. */
export function completeWorkRequest(
  state: FakeState,
  request: WorkRequestRecord,
  result: string,
  options: CompletionOptions = {},
): Promise<void> {
  if (request.status !== 'pending' && request.status !== 'running') {
    throw new Error(`Work request ${request.id} is ${request.status}: only a pending or running one completes.`)
  }
  const completedAt = state.clock.now()
  const apply = (): void => {
    request.startedAt ??= completedAt
    request.completedAt = completedAt
    request.status = 'completed'
    request.result = result
  }
  const announce = (): void => {
    if (!ANNOUNCED_RESULTS.has(result)) return
    state.announceCompletion({ workRequestId: request.id, workspace: request.workspace, completedAt, result })
  }
  const ahead = options.announceAheadMs ?? 0
  if (ahead <= 0) {
    apply()
    announce()
    return Promise.resolve()
  }
  announce()
  return new Promise((resolve) => setTimeout(() => resolve(apply()), ahead))
}

/** Why a work request cannot be aborted, or null when it can. */
export function abortRefusal(request: WorkRequestRecord): string | null {
  if (request.supersededBy != null) return `Work request ${request.id} has been superseded`
  if (!['pending', 'blocked', 'running'].includes(request.status)) {
    return 'Only pending, blocked, or running tasks can be aborted'
  }
  return null
}

/** Abort a work request: no announcement, as on the real server. */
export function abortWorkRequest(state: FakeState, request: WorkRequestRecord, userId: number): void {
  request.status = 'aborted'
  request.completedAt = state.clock.now()
  request.abortedBy = userId
}

/** Why a work request cannot be retried, or null when it can. */
export function retryRefusal(request: WorkRequestRecord): string | null {
  if (request.supersededBy != null) return 'Cannot retry old superseded tasks'
  const unsuccessful =
    request.status === 'aborted' || (request.status === 'completed' && RETRYABLE_RESULTS.has(request.result))
  return unsuccessful ? null : 'Only unsuccessful tasks can be retried'
}

/** Retry: a new pending work request with the same task supersedes the old one. */
export function retryWorkRequest(state: FakeState, request: WorkRequestRecord): WorkRequestRecord {
  const retried: WorkRequestRecord = {
    ...request,
    id: state.nextWorkRequestId++,
    createdAt: state.clock.now(),
    startedAt: null,
    completedAt: null,
    abortedBy: null,
    status: 'pending',
    result: '',
    artifacts: [],
    supersededBy: null,
    workflowData: { retry_count: 0 },
  }
  request.supersededBy = retried.id
  state.workRequests.set(retried.id, retried)
  return retried
}
