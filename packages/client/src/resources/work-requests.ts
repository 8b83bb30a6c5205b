import {
  EventReactionsRequestSchema,
  ExternalDebsignRequestModel,
  OutputDataSchema,
  parseModel,
  ValidationError,
  WorkRequestRequestModel,
  WorkRequestResult,
  WorkRequestSchema,
  WorkRequestStatus,
  type OutputData,
  type ValidationIssue,
  type WorkRequest,
} from '@debusine-ts/models'
import { path, type PagedList, type RequestOptions } from '@debusine-ts/transport'
import { workspaceFor, type ClientContext } from '../client-context.js'
import { explainPermissionDenied } from '../internal/api-error-hint.js'
import { workRequestListQuery } from '../internal/work-request-list.js'
import { pollDelay } from '../internal/work-request-wait.js'
import type { WorkRequestListFilters } from './work-request-list-filters.js'
import { WorkRequestWaitTimeoutError } from './work-request-wait-timeout-error.js'

/**
 * What {@link WorkRequests.create} sends: the task to run and its data. The server allows
 * no other keys, and neither does the client.
 */
export interface WorkRequestCreateRequest {
  /** The task, e.g. `noop`; users may create `Worker` tasks only (superusers also `Server` tasks). */
  task_name: string
  /** The task's data; the server checks it against the task's own model. */
  task_data: Readonly<Record<string, unknown>>
  /**
   * Event reactions (`on_creation`, `on_unblock`, `on_assignment`, `on_success`,
   * `on_failure`): for API-created work requests only `send-notification` actions to an
   * existing channel. Default `{}`.
   */
  event_reactions?: Readonly<Record<string, unknown>> | undefined
  /**
   * The workspace; when `null` or left out, the client's default workspace, else the
   * server's default (the key is then not sent).
   */
  workspace?: string | null | undefined
}

/** What {@link WorkRequests.completedUpdate} reports. */
export interface WorkRequestCompletion {
  /** How the work request ended (not the empty "no result" value). */
  result: Exclude<WorkRequestResult, ''>
  /** What the task reports: runtime statistics, errors, … (only set fields are sent). Default `{}`. */
  outputData?: OutputData | undefined
}

/** What {@link WorkRequests.completeExternalDebsign} supplies. */
export interface ExternalDebsignCompletion {
  /** The id of the `debian:upload` artifact holding the signed upload. */
  signedArtifact: number
}

/** Options of {@link WorkRequests.waitForCompletion}. */
export interface WaitForCompletionOptions extends Omit<RequestOptions, 'timeout'> {
  /** Milliseconds between two reads of the work request; default 2000. */
  pollInterval?: number | undefined
  /**
   * The most milliseconds to wait in all; then {@link WorkRequestWaitTimeoutError}.
   * Default: wait until it finishes (or `signal` aborts).
   */
  timeout?: number | undefined
  /** The per-request timeout of each read, in milliseconds (the `timeout` of `RequestOptions`). */
  requestTimeout?: number | undefined
  /** Called with the work request whenever its status or result changed, starting with the first read. */
  onUpdate?: ((workRequest: WorkRequest) => void) | undefined
}

const finishedStatuses: readonly string[] = [WorkRequestStatus.COMPLETED, WorkRequestStatus.ABORTED]
const completionResults: readonly string[] = Object.values(WorkRequestResult).filter(
  (result) => result !== '',
)
const defaultPollInterval = 2000

function positiveId(value: unknown, field: string, model: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new ValidationError(model, [
      {
        path: field,
        rule: 'invalid_type',
        message: `expected a positive integer id, got ${JSON.stringify(value)}`,
      },
    ])
  }
}

/** The issues of a validation error, with their paths under `prefix`; any other error is thrown again. */
function prefixed(prefix: string, error: unknown): ValidationIssue[] {
  if (!ValidationError.isInstance(error)) throw error
  return error.issues.map((issue) => ({
    ...issue,
    path: prefix === '' || issue.path === '' ? issue.path || prefix : `${prefix}.${issue.path}`,
  }))
}

function milliseconds(value: number | undefined, field: string, fallback: number): number {
  const result = value ?? fallback
  if (!(result >= 0) || Number.isNaN(result)) {
    throw new ValidationError('WaitForCompletionOptions', [
      {
        path: field,
        rule: 'invalid_number',
        message: `expected a non-negative number of milliseconds, got ${String(value)}`,
      },
    ])
  }
  return result
}

/**
 * Work requests: create, read, list, reprioritize, abort, retry, follow until they
 * finish, and the worker-side completion and external-debsign steps.
 */
export class WorkRequests {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Create a work request (`POST /work-request/`). The server answers 200 (not 201) with
   * the work request, already `pending`.
   *
   * @example
   * const request = await client.workRequests.create({ task_name: 'noop', task_data: { result: 'success' } })
   * const done = await client.workRequests.waitForCompletion(request.id)
   * @throws {ValidationError} when `request` has an unknown key, a missing task name or an
   *   event reaction other than `send-notification` (nothing is sent)
   * @throws {BadRequestError} when the server refuses the task name or its data (the
   *   server's reasons are in the message)
   * @throws {PermissionDeniedError} without the contributor role in the workspace
   */
  async create(request: WorkRequestCreateRequest, options?: RequestOptions): Promise<WorkRequest> {
    const { event_reactions: eventReactions = {}, ...rest } = request
    const issues: ValidationIssue[] = []
    let reactions: unknown
    try {
      reactions = parseModel('EventReactions', EventReactionsRequestSchema, eventReactions)
    } catch (error) {
      issues.push(...prefixed('event_reactions', error))
    }
    let validated: ReturnType<typeof WorkRequestRequestModel.create> | undefined
    try {
      validated = WorkRequestRequestModel.create({
        ...rest,
        workspace: workspaceFor(this.#context, request.workspace) ?? null,
        event_reactions: {},
      })
    } catch (error) {
      issues.push(...prefixed('', error))
    }
    if (validated === undefined || issues.length > 0) throw new ValidationError('WorkRequestRequest', issues)
    // @NOTE The key is left out, not sent as null, when no workspace is known (server default).
    const body = {
      task_name: validated.task_name,
      task_data: validated.task_data,
      event_reactions: reactions,
      ...(validated.workspace === null ? {} : { workspace: validated.workspace }),
    }
    return this.#context.transport.request('POST', '/work-request/', {
      ...options,
      body,
      schema: WorkRequestSchema,
      model: 'WorkRequest',
      expectedStatus: 200,
    })
  }

  /**
   * Read a work request (`GET /work-request/{id}/`).
   *
   * @example
   * const { status, result } = await client.workRequests.get(42)
   * @throws {NotFoundError} when there is no such work request, or it is not visible
   */
  async get(id: number, options?: RequestOptions): Promise<WorkRequest> {
    positiveId(id, 'id', 'WorkRequestGet')
    return this.#context.transport.request('GET', path`/work-request/${id}/`, {
      ...options,
      schema: WorkRequestSchema,
      model: 'WorkRequest',
    })
  }

  /**
   * List work requests, newest first (`GET /work-request/`, cursor pagination), lazily.
   * Filters are those of 0.16.2: `status`, `taskType`, `rootOnly` and `ids` (older
   * servers ignore what they do not know).
   *
   * @example
   * for await (const request of client.workRequests.list({ status: WorkRequestStatus.RUNNING })) console.log(request.id)
   * const recent = await client.workRequests.list().toArray({ limit: 20 })
   * @throws {ValidationError} (at once) for an unknown filter or value
   * @throws {BadRequestError} (while iterating) when the server refuses a filter value
   */
  list(filters?: WorkRequestListFilters, options?: RequestOptions): PagedList<WorkRequest> {
    return this.#context.transport.list('/work-request/', WorkRequestSchema, {
      ...options,
      query: workRequestListQuery(filters),
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
    positiveId(id, 'id', 'WorkRequestUpdate')
    if (!Number.isInteger(priorityAdjustment)) {
      throw new ValidationError('WorkRequestUpdate', [
        {
          path: 'priority_adjustment',
          rule: 'invalid_type',
          message: `expected an integer, got ${JSON.stringify(priorityAdjustment)}`,
        },
      ])
    }
    try {
      return await this.#context.transport.request('PATCH', path`/work-request/${id}/`, {
        ...options,
        body: { priority_adjustment: priorityAdjustment },
        schema: WorkRequestSchema,
        model: 'WorkRequest',
        expectedStatus: 200,
      })
    } catch (error) {
      throw explainPermissionDenied(
        error,
        `Only the creator of work request ${id} may change its priority adjustment, and only to 0 or ` +
          'less (lowering its priority); other values need the global "manage_workrequest_priorities" ' +
          'permission, granted by a server administrator.',
      )
    }
  }

  /**
   * Abort a pending, blocked or running work request (`POST /work-request/{id}/abort/`);
   * for a workflow, its unfinished children too.
   *
   * @example
   * const aborted = await client.workRequests.abort(42) // aborted.status === 'aborted'
   * @throws {BadRequestError} when it already finished (or was superseded)
   * @throws {PermissionDeniedError} unless the user created it or owns its workspace
   */
  async abort(id: number, options?: RequestOptions): Promise<WorkRequest> {
    positiveId(id, 'id', 'WorkRequestAbort')
    return this.#action(
      id,
      'abort',
      `Only the creator of work request ${id} or an owner of its workspace may abort it.`,
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
   */
  async retry(id: number, options?: RequestOptions): Promise<WorkRequest> {
    positiveId(id, 'id', 'WorkRequestRetry')
    return this.#action(
      id,
      'retry',
      `Retrying work request ${id} needs the contributor role in its workspace.`,
      options,
    )
  }

  /** POST an action without a body (`abort`, `retry`) and explain a refusal with `permissionHint`. */
  async #action(
    id: number,
    action: 'abort' | 'retry',
    permissionHint: string,
    options: RequestOptions | undefined,
  ): Promise<WorkRequest> {
    try {
      return await this.#context.transport.request('POST', path`/work-request/${id}/${action}/`, {
        ...options,
        body: {},
        schema: WorkRequestSchema,
        model: 'WorkRequest',
        expectedStatus: 200,
      })
    } catch (error) {
      throw explainPermissionDenied(error, permissionHint)
    }
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
    positiveId(id, 'id', 'WorkRequestCompletion')
    if (!completionResults.includes(completion.result)) {
      throw new ValidationError('WorkRequestCompletion', [
        {
          path: 'result',
          rule: 'invalid_value',
          message: `expected one of ${completionResults.map((result) => JSON.stringify(result)).join(', ')}, got ${JSON.stringify(completion.result)}`,
        },
      ])
    }
    let outputData: OutputData
    try {
      outputData = parseModel('OutputData', OutputDataSchema, completion.outputData ?? {})
    } catch (error) {
      throw new ValidationError('WorkRequestCompletion', prefixed('outputData', error))
    }
    try {
      await this.#context.transport.request('PUT', this.completedPath(id), {
        ...options,
        body: { result: completion.result, output_data: outputData },
        expectedStatus: 200,
      })
    } catch (error) {
      throw explainPermissionDenied(
        error,
        `Only the worker running work request ${id} may report it completed, with that work ` +
          "request's own token (the worker receives it with the assignment); user tokens are " +
          'refused. To stop a work request as a user, abort it.',
      )
    }
  }

  /**
   * The API path of a work request's completion report, `/work-request/{id}/completed/`
   * (relative to the versioned API URL; see `Transport.url`). Sends nothing.
   *
   * @example
   * client.workRequests.completedPath(42) // '/work-request/42/completed/'
   */
  completedPath(id: number): string {
    positiveId(id, 'id', 'WorkRequestCompletion')
    return path`/work-request/${id}/completed/`
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
    positiveId(id, 'id', 'ExternalDebsign')
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
    positiveId(id, 'id', 'ExternalDebsignRequest')
    const body = ExternalDebsignRequestModel.create({ signed_artifact: completion.signedArtifact })
    try {
      return await this.#context.transport.request('POST', path`/work-request/${id}/external-debsign/`, {
        ...options,
        body,
        schema: WorkRequestSchema,
        model: 'WorkRequest',
        expectedStatus: 200,
      })
    } catch (error) {
      throw explainPermissionDenied(
        error,
        `Only the user who created work request ${id} may supply its signed upload.`,
      )
    }
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
   *   timeout: 10 * 60_000,
   *   onUpdate: (current) => console.error(current.status),
   * })
   * if (done.result !== WorkRequestResult.SUCCESS) process.exitCode = 1
   * @throws {WorkRequestWaitTimeoutError} when `timeout` expires first
   * @throws {AbortError} when `signal` aborts
   * @throws {NotFoundError} when there is no such work request
   */
  async waitForCompletion(id: number, options: WaitForCompletionOptions = {}): Promise<WorkRequest> {
    positiveId(id, 'id', 'WaitForCompletion')
    const { pollInterval, timeout, requestTimeout, onUpdate, ...requestOptions } = options
    const interval = milliseconds(pollInterval, 'pollInterval', defaultPollInterval)
    const limit = milliseconds(timeout, 'timeout', Infinity)
    const deadline = Date.now() + limit
    const url = this.#context.transport.url(path`/work-request/${id}/`)
    let previous: WorkRequest | undefined
    for (;;) {
      const current = await this.get(id, { ...requestOptions, timeout: requestTimeout })
      if (
        previous === undefined ||
        previous.status !== current.status ||
        previous.result !== current.result
      ) {
        onUpdate?.(current)
      }
      previous = current
      if (finishedStatuses.includes(current.status)) return current
      const remaining = deadline - Date.now()
      if (remaining <= 0) throw new WorkRequestWaitTimeoutError(current, limit)
      await pollDelay(Math.min(interval, remaining), requestOptions.signal, url)
    }
  }
}
