import { WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'
import type { PagedList, RequestOptions, Transport } from '@debusine-ts/transport'
import { findCreated, type CreateOnce, type RecentIds } from '../internal/create-once.js'
import { ownUserOf } from '../internal/sent-match.js'
import { isCreatedFrom, type WorkRequestCreateBody } from './input.js'

/**
 * How to create a work request once (see `createOnce`): the answer teaches the client its
 * user id, and a lost answer is looked for among the work requests listed newest first: the
 * same task, workspace and no parent, task data holding what was sent, made since the call
 * began by our user (`findCreated`).
 */
export function workRequestCreateOnce(
  transport: Transport,
  body: WorkRequestCreateBody,
  list: (options: RequestOptions) => PagedList<WorkRequest>,
  recent: RecentIds,
): CreateOnce<WorkRequest> {
  const user = ownUserOf(transport)
  return {
    what: `work request of task "${body.task_name}"${body.workspace === undefined ? '' : ` in workspace "${body.workspace}"`}`,
    check: '`debusine-ts work-request list` (the newest first)',
    recent,
    clockOffset: () => transport.serverClockOffset,
    send: async (sendOptions) => {
      const created = await transport.request('POST', '/work-request/', {
        ...sendOptions,
        body,
        schema: WorkRequestSchema,
        model: 'WorkRequest',
        expectedStatus: 200,
        retryStaleConnection: false,
      })
      user.learn(created.created_by)
      return created
    },
    find: (since, findOptions) =>
      findCreated(
        list(findOptions),
        since,
        recent,
        (candidate) => isCreatedFrom(candidate, body, since),
        user,
      ),
  }
}
