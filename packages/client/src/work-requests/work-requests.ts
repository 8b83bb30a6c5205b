import {
  ExternalDebsignRequestModel,
  ValidationError,
  WorkRequestSchema,
  type WorkRequest,
} from '@debusine-ts/models'
import { path, type PagedList, type RequestOptions } from '@debusine-ts/transport'
import { workspaceFor, type ClientContext } from '../internal/client-context.js'
import { explainingRefusal } from '../internal/api-error-hint.js'
import { checkId } from '../internal/argument-checks.js'
import { actOnce } from '../internal/act-once.js'
import { createOnce, RecentIds } from '../internal/create-once.js'
import { ownUserOf } from '../internal/sent-match.js'
import { workRequestListQuery, workRequestListOperation } from './list.js'
import type { ActionOptions } from '../errors/action-outcome.js'
import type { CreateOptions } from '../errors/create-outcome.js'
import { abortOnce, confirmOnce, unblockOnce } from './actions.js'
import { workRequestCreateOnce } from './create.js'
import {
  completionBody,
  priorityBody,
  workRequestCreateBody,
  type ExternalDebsignCompletion,
  type WorkRequestCompletion,
  type WorkRequestCreateRequest,
} from './input.js'
import type { WorkRequestListFilters } from './list-filters.js'
import { retryOnce } from './retry.js'
import { waitUntilFinished, type WaitForCompletionOptions } from './wait.js'

/** A manual review of a blocked work request (`WorkRequests.unblock`): accept or reject it, with notes. */
export interface WorkRequestReview {
  /** `accept` lets it run; `reject` aborts it. Leave out to only record notes. */
  action?: 'accept' | 'reject' | undefined
  /** Notes for the record (up to 65 536 characters). */
  notes?: string | undefined
}

/** The answer to a `Wait/confirm` task (`WorkRequests.confirm`). */
export interface WorkRequestConfirmation {
  /** Whether to confirm (the workflow goes on) or deny; default true. */
  confirm?: boolean | undefined
  /** A comment for the record. */
  comment?: string | undefined
}

/** Options of {@link WorkRequests.list}. */
export interface WorkRequestListOptions extends RequestOptions {
  /**
   * The capability-table operation the caller's use of the list needs, e.g.
   * `workflowChildren`: a server that lacks it is refused before anything is sent.
   */
  operation?: string | undefined
}

/**
 * Work requests: create, read, list, reprioritize, abort, retry, follow until they
 * finish, and the worker-side completion and external-debsign steps.
 */
export class WorkRequests {
  readonly #context: ClientContext
  readonly #created = new RecentIds()

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Create a work request (`POST /work-request/`). The server answers 200 (not 201) with
   * the work request, already `pending`. Never creates it twice: when the answer is lost,
   * the work request this call made is looked up (same task, data and workspace, created
   * since the call began) and returned (`onRecovered` says so).
   *
   * @example
   * const request = await client.workRequests.create({ task_name: 'noop', task_data: { result: 'success' } })
   * const done = await client.workRequests.waitForCompletion(request.id)
   * @throws {ValidationError} when `request` has an unknown key, a missing task name or an
   *   event reaction other than `send-notification` (nothing is sent)
   * @throws {BadRequestError} when the server refuses the task name or its data (the
   *   server's reasons are in the message)
   * @throws {PermissionDeniedError} without the contributor role in the workspace
   * @throws {CreateOutcomeUnknownError} when the answer was lost and the work request was not found
   */
  async create(request: WorkRequestCreateRequest, options?: CreateOptions): Promise<WorkRequest> {
    const body = workRequestCreateBody(request, workspaceFor(this.#context, request.workspace))
    const spec = workRequestCreateOnce(
      this.#context.transport,
      body,
      (listOptions) => this.list({}, listOptions),
      this.#created,
    )
    return createOnce(spec, options)
  }

  /**
   * Read a work request (`GET /work-request/{id}/`).
   *
   * @example
   * const { status, result } = await client.workRequests.get(42)
   * @throws {NotFoundError} when there is no such work request, or it is not visible
   */
  async get(id: number, options?: RequestOptions): Promise<WorkRequest> {
    checkId('WorkRequestGet', 'id', id)
    return this.#context.transport.request('GET', path`/work-request/${id}/`, {
      ...options,
      schema: WorkRequestSchema,
      model: 'WorkRequest',
    })
  }

  /**
   * List work requests, newest first (`GET /work-request/`, cursor pagination), lazily.
   * Filters are those of 0.16.2: `status`, `taskType`, `rootOnly` and `ids`; a server that
   * lacks a filter given (it would ignore it and list everything) is sent nothing: `ServerTooOldError`.
   *
   * @example
   * for await (const request of client.workRequests.list({ status: WorkRequestStatus.RUNNING })) console.log(request.id)
   * const recent = await client.workRequests.list().toArray({ limit: 20 })
   * @throws {ValidationError} (at once) for an unknown filter or value
   * @throws {BadRequestError} (while iterating) when the server refuses a filter value
   */
  list(filters?: WorkRequestListFilters, options?: WorkRequestListOptions): PagedList<WorkRequest> {
    return this.#context.transport.list('/work-request/', WorkRequestSchema, {
      ...options,
      query: workRequestListQuery(filters),
      operation: workRequestListOperation(filters) ?? options?.operation,
      model: 'WorkRequest',
    })
  }

  /**
   * Change a work request's priority adjustment (`PATCH /work-request/{id}/`); the
   * effective priority is `priority_base + priority_adjustment`.
   *
   * Only the creator may change it, and only to a value ≤ 0, unless the user holds the
   * global `manage_workrequest_priorities` permission.
   *
   * @example
   * await client.workRequests.updatePriority(42, -10)
   * @throws {PermissionDeniedError} when the rule above forbids it (the message explains it)
   */
  async updatePriority(
    id: number,
    priorityAdjustment: number,
    options?: RequestOptions,
  ): Promise<WorkRequest> {
    checkId('WorkRequestUpdate', 'id', id)
    const body = priorityBody(priorityAdjustment)
    return explainingRefusal(
      `Only the creator of work request ${id} may change its priority adjustment, and only to 0 or ` +
        'less (lowering its priority); other values need the global "manage_workrequest_priorities" ' +
        'permission, granted by a server administrator.',
      () =>
        this.#context.transport.request('PATCH', path`/work-request/${id}/`, {
          ...options,
          body,
          schema: WorkRequestSchema,
          model: 'WorkRequest',
          expectedStatus: 200,
        }),
    )
  }

  /**
   * Abort a pending, blocked or running work request (`POST /work-request/{id}/abort/`);
   * for a workflow, its unfinished children too.
   *
   * @example
   * const aborted = await client.workRequests.abort(42) // aborted.status === 'aborted'
   * @throws {BadRequestError} when it already finished (or was superseded)
   * @throws {PermissionDeniedError} unless the user created it or owns its workspace
   * @throws {ActionOutcomeUnknownError} when the answer was lost and the server's state does not tell
   */
  async abort(id: number, options?: ActionOptions): Promise<WorkRequest> {
    checkId('WorkRequestAbort', 'id', id)
    const hint = `Only the creator of work request ${id} or an owner of its workspace may abort it.`
    const send = async (sendOptions: RequestOptions): Promise<WorkRequest> => {
      const aborted = await this.#action(id, 'abort', hint, { ...sendOptions, retryStaleConnection: false })
      ownUserOf(this.#context.transport).learn(aborted.aborted_by)
      return aborted
    }
    return actOnce(
      abortOnce(id, (readId, readOptions) => this.get(readId, readOptions), send),
      options,
    )
  }

  /**
   * Retry an unsuccessful work request (`POST /work-request/{id}/retry/`): aborted, or
   * completed with failure, temporary failure or error.
   *
   * Returns the work request that supersedes it: for a worker or signing task a **new**
   * work request (another id); for a workflow the same one, reset.
   *
   * @example
   * const retried = await client.workRequests.retry(42)
   * await client.workRequests.waitForCompletion(retried.id)
   * @throws {BadRequestError} when it cannot be retried (the server's reason is in the message)
   * @throws {PermissionDeniedError} without the contributor role in its workspace
   * @throws {CreateOutcomeUnknownError} when the answer was lost and the server does not tell
   *   whether the retry happened (it is never sent twice)
   */
  async retry(id: number, options?: CreateOptions): Promise<WorkRequest> {
    checkId('WorkRequestRetry', 'id', id)
    const hint = `Retrying work request ${id} needs the contributor role in its workspace.`
    const send = (sendOptions: RequestOptions): Promise<WorkRequest> =>
      this.#action(id, 'retry', hint, { ...sendOptions, retryStaleConnection: false })
    const clockOffset = (): number | undefined => this.#context.transport.serverClockOffset
    return createOnce({ ...retryOnce(id, this, send, this.#created), clockOffset }, options)
  }

  /**
   * Review a work request blocked on a manual step of its workflow
   * (`POST /work-request/{id}/unblock/`): `accept` lets it run, `reject` aborts it; notes are
   * recorded either way. Returns the work request after the review.
   *
   * @example
   * await client.workRequests.unblock(42, { action: 'accept', notes: 'Looks good' })
   * @throws {ValidationError} when neither `action` nor `notes` is given (nothing is sent)
   * @throws {BadRequestError} when it is not blocked on a manual review (the server's reason is in the message)
   * @throws {PermissionDeniedError} unless the user owns its workspace
   * @throws {ActionOutcomeUnknownError} when the answer was lost and the server's state does not tell
   */
  async unblock(id: number, review: WorkRequestReview, options?: ActionOptions): Promise<WorkRequest> {
    checkId('WorkRequestUnblock', 'id', id)
    const { action, notes } = review
    if (action === undefined && notes === undefined) {
      throw new ValidationError('WorkRequestUnblock', [
        { path: 'action', rule: 'required', message: 'give an action (accept or reject), notes, or both' },
      ])
    }
    const body = { ...(action === undefined ? {} : { action }), ...(notes === undefined ? {} : { notes }) }
    const hint = `Reviewing work request ${id} needs the owner role in its workspace.`
    const send = (sendOptions: RequestOptions): Promise<WorkRequest> =>
      this.#action(id, 'unblock', hint, { ...sendOptions, retryStaleConnection: false }, body)
    const read = (readId: number, readOptions: RequestOptions): Promise<WorkRequest> =>
      this.get(readId, readOptions)
    const clockOffset = (): number | undefined => this.#context.transport.serverClockOffset
    return actOnce(unblockOnce(id, body, read, send, clockOffset), options)
  }

  /**
   * Answer a running `Wait/confirm` task (`POST /work-request/{id}/confirm/`): confirm it
   * (the workflow goes on) or deny it, with a comment. Returns the work request.
   *
   * @example
   * await client.workRequests.confirm(42, { comment: 'Ship it' })
   * await client.workRequests.confirm(43, { confirm: false, comment: 'Not now' })
   * @throws {BadRequestError} when it is not a running `Wait/confirm` task
   * @throws {PermissionDeniedError} unless the user created it or owns its workspace
   * @throws {ActionOutcomeUnknownError} when the answer was lost and the server's state does not tell
   */
  async confirm(
    id: number,
    confirmation: WorkRequestConfirmation = {},
    options?: ActionOptions,
  ): Promise<WorkRequest> {
    checkId('WorkRequestConfirm', 'id', id)
    const { confirm = true, comment } = confirmation
    const hint = `Only the creator of work request ${id} or an owner of its workspace may confirm it.`
    const body = { confirm, ...(comment === undefined ? {} : { comment }) }
    const send = (sendOptions: RequestOptions): Promise<WorkRequest> =>
      this.#action(id, 'confirm', hint, { ...sendOptions, retryStaleConnection: false }, body)
    return actOnce(
      confirmOnce(id, confirm, (readId, readOptions) => this.get(readId, readOptions), send),
      options,
    )
  }

  /** POST an action and explain a refusal with `permissionHint`. */
  async #action(
    id: number,
    action: 'abort' | 'retry' | 'unblock' | 'confirm',
    permissionHint: string,
    options: (RequestOptions & { retryStaleConnection?: boolean }) | undefined,
    body: Readonly<Record<string, unknown>> = {},
  ): Promise<WorkRequest> {
    return explainingRefusal(permissionHint, () =>
      this.#context.transport.request('POST', path`/work-request/${id}/${action}/`, {
        ...options,
        operation: `workRequests.${action}`,
        body,
        schema: WorkRequestSchema,
        model: 'WorkRequest',
        expectedStatus: 200,
      }),
    )
  }

  /**
   * Report a work request as completed (`PUT /work-request/{id}/completed/`): the worker
   * side of a task. The server answers 200 with an empty body and processes the result
   * in the background.
   *
   * This needs the work request's own token (a worker receives it with the assignment);
   * the server refuses user tokens with 403. To stop a work request as a user, use
   * {@link WorkRequests.abort}.
   *
   * @example
   * const worker = new DebusineClient({ apiUrl, token: workRequestToken })
   * await worker.workRequests.completedUpdate(42, { result: 'success', outputData: { runtime_statistics: { duration: 12 } } })
   * @throws {ValidationError} for an unknown result or invalid output data (nothing is sent)
   * @throws {PermissionDeniedError} with a user token (the message explains why)
   * @throws {BadRequestError} when the work request cannot be marked completed
   */
  async completedUpdate(
    id: number,
    completion: WorkRequestCompletion,
    options?: RequestOptions,
  ): Promise<void> {
    checkId('WorkRequestCompletion', 'id', id)
    const report = completionBody(completion)
    await explainingRefusal(
      `Only the worker running work request ${id} may report it completed, with that work ` +
        "request's own token (the worker receives it with the assignment); user tokens are " +
        'refused. To stop a work request as a user, abort it.',
      () =>
        this.#context.transport.request('PUT', path`/work-request/${id}/completed/`, {
          ...options,
          body: report,
          expectedStatus: 200,
        }),
    )
  }

  /**
   * Read a work request that waits for an external debsign
   * (`GET /work-request/{id}/external-debsign/`): its freshly computed
   * `dynamic_task_data` holds `unsigned_id`, the artifact to sign.
   *
   * @example
   * const { dynamic_task_data } = await client.workRequests.externalDebsign(42)
   * @throws {BadRequestError} when it is not a running `Wait/externaldebsign` work request
   */
  async externalDebsign(id: number, options?: RequestOptions): Promise<WorkRequest> {
    checkId('ExternalDebsign', 'id', id)
    return this.#context.transport.request('GET', path`/work-request/${id}/external-debsign/`, {
      ...options,
      schema: WorkRequestSchema,
      model: 'WorkRequest',
    })
  }

  /**
   * Complete a work request waiting for an external debsign with the signed upload
   * (`POST /work-request/{id}/external-debsign/`); returns it, completed.
   *
   * @example
   * await client.workRequests.completeExternalDebsign(42, { signedArtifact: 57 })
   * @throws {BadRequestError} when it is not a running `Wait/externaldebsign` work request,
   *   or the artifact is not an acceptable signed version of the unsigned upload
   * @throws {PermissionDeniedError} unless the user created the work request
   */
  async completeExternalDebsign(
    id: number,
    completion: ExternalDebsignCompletion,
    options?: RequestOptions,
  ): Promise<WorkRequest> {
    checkId('ExternalDebsignRequest', 'id', id)
    const body = ExternalDebsignRequestModel.create({ signed_artifact: completion.signedArtifact })
    return explainingRefusal(
      `Only the user who created work request ${id} may supply its signed upload.`,
      () =>
        this.#context.transport.request('POST', path`/work-request/${id}/external-debsign/`, {
          ...options,
          body,
          schema: WorkRequestSchema,
          model: 'WorkRequest',
          expectedStatus: 200,
        }),
    )
  }

  /**
   * Wait until a work request is completed or aborted, by reading it every `pollInterval`
   * milliseconds, and return it in its final state (check its `result`: this does not
   * throw for a failed task).
   *
   * This follower polls. The `@debusine-ts/events` package offers one on the server's
   * completion websocket, which learns of the completion at once.
   *
   * @example
   * const done = await client.workRequests.waitForCompletion(request.id, {
   *   maxWait: 10 * 60_000,
   *   onUpdate: (current) => console.error(current.status),
   * })
   * if (done.result !== WorkRequestResult.SUCCESS) process.exitCode = 1
   * @throws {WorkRequestWaitTimeoutError} when `maxWait` expires first
   * @throws {AbortError} when `signal` aborts
   * @throws {NotFoundError} when there is no such work request
   */
  async waitForCompletion(id: number, options: WaitForCompletionOptions = {}): Promise<WorkRequest> {
    checkId('WaitForCompletion', 'id', id)
    const url = this.#context.transport.url(path`/work-request/${id}/`)
    return waitUntilFinished((readOptions) => this.get(id, readOptions), url, options, 2000)
  }
}
