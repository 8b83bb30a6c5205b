import type { WorkRequest } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { ActOnce, ReadBack } from '../internal/act-once.js'

/** Reads a work request back: the work requests namespace's `get`. */
export type WorkRequestReader = (id: number, options: RequestOptions) => Promise<WorkRequest>

/** The check the errors name for work request `id`. */
const checkOf = (id: number): string => `\`debusine-ts work-request show ${id}\``

/**
 * Aborting work request `id` once. Read back: `aborted` is the abort applied (ours, or one
 * that came first: either way it is aborted, as asked); any other status is not applied,
 * and sending it again is safe (the server refuses it if it cannot be aborted).
 */
export function abortOnce(
  id: number,
  read: WorkRequestReader,
  send: ActOnce<WorkRequest>['send'],
): ActOnce<WorkRequest> {
  return {
    what: `abort of work request ${id}`,
    check: checkOf(id),
    send,
    readBack: async (_since, options): Promise<ReadBack<WorkRequest>> => {
      const current = await read(id, options)
      return current.status === 'aborted' ? { state: 'applied', value: current } : { state: 'not-applied' }
    },
  }
}

/** One entry of `workflow_data.manual_unblock.log`, as 0.16.2 records a review. */
interface ReviewLogEntry {
  user_id?: unknown
  timestamp?: unknown
  notes?: unknown
  action?: unknown
}

/** The reviews recorded on a work request (`workflow_data.manual_unblock.log`), oldest first. */
function reviewLog(request: WorkRequest): ReviewLogEntry[] {
  const manual = (request.workflow_data as { manual_unblock?: { log?: unknown } } | null | undefined)
    ?.manual_unblock
  return Array.isArray(manual?.log) ? (manual.log as ReviewLogEntry[]) : []
}

/**
 * Reviewing work request `id` once. The server records every review in the work request's
 * `workflow_data.manual_unblock.log` (user, time, notes, action): a new entry with our notes
 * and action is the review applied; none, and the work request still blocked, it was not
 * (sent again); none, and no longer blocked, someone else decided: unknown.
 * `clockOffset` puts the start of the call on the server's clock, which stamps the entry.
 */
export function unblockOnce(
  id: number,
  review: { action?: string; notes?: string },
  read: WorkRequestReader,
  send: ActOnce<WorkRequest>['send'],
  clockOffset: () => number | undefined,
): ActOnce<WorkRequest> {
  return {
    what: `review of work request ${id}`,
    check: checkOf(id),
    send,
    readBack: async (since, options): Promise<ReadBack<WorkRequest>> => {
      const current = await read(id, options)
      const from = since + (clockOffset() ?? 0)
      const ours = reviewLog(current).some(
        (entry) =>
          typeof entry.timestamp === 'string' &&
          Date.parse(entry.timestamp) >= from &&
          (entry.notes ?? undefined) === review.notes &&
          (entry.action ?? undefined) === review.action,
      )
      if (ours) return { state: 'applied', value: current }
      if (current.status === 'blocked') return { state: 'not-applied' }
      return {
        state: 'unknown',
        why: `it is ${current.status} and records no such review since the call began`,
      }
    },
  }
}

/**
 * Answering the `Wait/confirm` task `id` once. Read back: still `running` is not applied
 * (sent again); completed after a confirmation or aborted after a denial is applied; the
 * other way round, someone else answered first: unknown.
 */
export function confirmOnce(
  id: number,
  confirm: boolean,
  read: WorkRequestReader,
  send: ActOnce<WorkRequest>['send'],
): ActOnce<WorkRequest> {
  return {
    what: `${confirm ? 'confirmation' : 'denial'} of work request ${id}`,
    check: checkOf(id),
    send,
    readBack: async (_since, options): Promise<ReadBack<WorkRequest>> => {
      const current = await read(id, options)
      if (current.status === 'running') return { state: 'not-applied' }
      if (current.status === (confirm ? 'completed' : 'aborted')) return { state: 'applied', value: current }
      return {
        state: 'unknown',
        why: `it is ${current.status}, not what a ${confirm ? 'confirmation' : 'denial'} makes`,
      }
    },
  }
}
