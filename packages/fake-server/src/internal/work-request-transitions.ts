import { parseServerTime } from './server-clock.js'
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
    recordInTaskHistory(state, request)
    advanceWorkflow(state, request)
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

/**
 * Add the run of a worker task to its workspace's `debusine:task-history` collection, as
 * the server does when a worker reports a result. The fake runs nothing: its statistics are
 * zeros.
 */
function recordInTaskHistory(state: FakeState, request: WorkRequestRecord): void {
  if (request.taskType !== 'Worker') return
  const history = state.collectionNamed(request.workspace, 'debusine:task-history', '_')
  history?.items.push({
    name: `${request.taskType}:${request.taskName}:::${request.id}`,
    category: 'debusine:historical-task-run',
    data: {
      result: request.result,
      context: null,
      subject: null,
      task_name: request.taskName,
      task_type: request.taskType,
      timestamp: Math.floor((parseServerTime(request.completedAt!) ?? 0) / 1_000_000),
      work_request_id: request.id,
      runtime_statistics: { cpu_time: 0, duration: 0, duration_run: 0, duration_setup: 0, duration_teardown: 0 },
    },
  })
}

/**
 * Once every step of a workflow is terminal, the workflow completes: with success when
 * every step succeeded (or was skipped), with failure otherwise.
 */
function advanceWorkflow(state: FakeState, step: WorkRequestRecord): void {
  const workflow = step.parent == null ? undefined : state.workRequests.get(step.parent)
  if (workflow == null || (workflow.status !== 'pending' && workflow.status !== 'running')) return
  const steps = [...state.workRequests.values()].filter((request) => request.parent === workflow.id)
  if (steps.some((request) => request.completedAt == null)) return
  const succeeded = steps.every((request) => request.status === 'completed' && ['success', 'skipped'].includes(request.result))
  void completeWorkRequest(state, workflow, succeeded ? 'success' : 'failure')
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
  advanceWorkflow(state, request)
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
    manualUnblock: false,
    workflowData: { retry_count: 0 },
  }
  request.supersededBy = retried.id
  state.workRequests.set(retried.id, retried)
  return retried
}
