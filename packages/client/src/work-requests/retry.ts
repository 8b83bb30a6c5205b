import type { WorkRequest } from '@debusine-ts/models'
import type { PagedList, RequestOptions } from '@debusine-ts/transport'
import { findCreated, type CreateOnce, type RecentIds } from '../internal/create-once.js'
import { holdsSent } from '../internal/sent-match.js'

/** What a retry reads through: the work requests namespace. */
export interface RetryReader {
  get: (id: number, options: RequestOptions) => Promise<WorkRequest>
  list: (filters: Record<string, never>, options: RequestOptions) => PagedList<WorkRequest>
}

/** Whether a work request is still as a retry finds it: aborted, or completed without success. */
function unsuccessful(request: WorkRequest): boolean {
  return request.status === 'aborted' || (request.status === 'completed' && request.result !== 'success')
}

/**
 * How to retry work request `id` once (see `createOnce`). When the answer is lost, the
 * server is asked what happened: a workflow is retried in place, so it is found again when
 * it left its unsuccessful state; any other task is superseded by a new work request with
 * its task, data, workspace and parent, made since the call began.
 */
export function retryOnce(
  id: number,
  reader: RetryReader,
  send: CreateOnce<WorkRequest>['send'],
  recent: RecentIds,
): CreateOnce<WorkRequest> {
  return {
    what: `retry of work request ${id}`,
    check: `\`debusine-ts work-request show ${id}\` and \`debusine-ts work-request list\` (the newest first)`,
    recent,
    send,
    find: async (since, options) => {
      const old = await reader.get(id, options)
      if (old.task_type === 'Workflow') return unsuccessful(old) ? undefined : old
      return findCreated(
        reader.list({}, options),
        since,
        recent,
        (candidate) =>
          candidate.id > id &&
          candidate.task_type === old.task_type &&
          candidate.task_name === old.task_name &&
          candidate.workspace === old.workspace &&
          (candidate.parent ?? null) === (old.parent ?? null) &&
          holdsSent(candidate.task_data, old.task_data),
      )
    },
  }
}
