import {
  EventReactionsRequestSchema,
  OutputDataSchema,
  parseModel,
  ValidationError,
  WorkRequestRequestModel,
  WorkRequestResult,
  type OutputData,
  type ValidationIssue,
  type WorkRequest,
} from '@debusine-ts/models'
import { holdsSent } from '../internal/sent-match.js'

/**
 * What `WorkRequests.create` sends: the task to run and its data. The server allows
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

/** The body of `POST /work-request/`. */
export interface WorkRequestCreateBody {
  task_name: string
  task_data: Record<string, unknown>
  event_reactions: unknown
  workspace?: string
}

/** What `WorkRequests.completedUpdate` reports. */
export interface WorkRequestCompletion {
  /** How the work request ended (not the empty "no result" value). */
  result: Exclude<WorkRequestResult, ''>
  /** What the task reports: runtime statistics, errors, … (only set fields are sent). Default `{}`. */
  outputData?: OutputData | undefined
}

/** What `WorkRequests.completeExternalDebsign` supplies. */
export interface ExternalDebsignCompletion {
  /** The id of the `debian:upload` artifact holding the signed upload. */
  signedArtifact: number
}

const completionResults: readonly string[] = Object.values(WorkRequestResult).filter(
  (result) => result !== '',
)

/**
 * The body of a priority change, checked.
 *
 * @throws {ValidationError} unless `priorityAdjustment` is an integer
 */
export function priorityBody(priorityAdjustment: number): { priority_adjustment: number } {
  if (!Number.isInteger(priorityAdjustment)) {
    throw new ValidationError('WorkRequestUpdate', [
      {
        path: 'priority_adjustment',
        rule: 'invalid_type',
        message: `expected an integer, got ${JSON.stringify(priorityAdjustment)}`,
      },
    ])
  }
  return { priority_adjustment: priorityAdjustment }
}

/** The issues of a validation error, with their paths under `prefix`; any other error is thrown again. */
function prefixed(prefix: string, error: unknown): ValidationIssue[] {
  if (!ValidationError.isInstance(error)) throw error
  return error.issues.map((issue) => ({
    ...issue,
    path: prefix === '' || issue.path === '' ? issue.path || prefix : `${prefix}.${issue.path}`,
  }))
}

/**
 * The reactions without their empty lists: the server fills each one in, and 0.11.3 has no
 * `on_assignment` and refuses the key, so an empty list is never sent.
 */
function withoutEmptyLists(reactions: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(reactions).filter(([, actions]) => !(Array.isArray(actions) && actions.length === 0)),
  )
}

/**
 * The body of a work request create, checked.
 *
 * @throws {ValidationError} for an unknown key, a missing task name or a disallowed event reaction
 */
export function workRequestCreateBody(
  request: WorkRequestCreateRequest,
  workspace: string | undefined,
): WorkRequestCreateBody {
  const { event_reactions: eventReactions = {}, ...rest } = request
  const issues: ValidationIssue[] = []
  let reactions: unknown
  try {
    reactions = withoutEmptyLists(parseModel('EventReactions', EventReactionsRequestSchema, eventReactions))
  } catch (error) {
    issues.push(...prefixed('event_reactions', error))
  }
  let validated: ReturnType<typeof WorkRequestRequestModel.create> | undefined
  try {
    validated = WorkRequestRequestModel.create({ ...rest, workspace: workspace ?? null, event_reactions: {} })
  } catch (error) {
    issues.push(...prefixed('', error))
  }
  if (validated === undefined || issues.length > 0) throw new ValidationError('WorkRequestRequest', issues)
  // @NOTE The key is left out, not sent as null, when no workspace is known (server default).
  return {
    task_name: validated.task_name,
    task_data: validated.task_data,
    event_reactions: reactions,
    ...(validated.workspace === null ? {} : { workspace: validated.workspace }),
  }
}

/**
 * The body of a completion report, checked.
 *
 * @throws {ValidationError} for an unknown result or invalid output data
 */
export function completionBody(completion: WorkRequestCompletion): {
  result: string
  output_data: OutputData
} {
  if (!completionResults.includes(completion.result)) {
    throw new ValidationError('WorkRequestCompletion', [
      {
        path: 'result',
        rule: 'invalid_value',
        message: `expected one of ${completionResults.map((result) => JSON.stringify(result)).join(', ')}, got ${JSON.stringify(completion.result)}`,
      },
    ])
  }
  try {
    return {
      result: completion.result,
      output_data: parseModel('OutputData', OutputDataSchema, completion.outputData ?? {}),
    }
  } catch (error) {
    throw new ValidationError('WorkRequestCompletion', prefixed('outputData', error))
  }
}

/** JSON with object keys sorted, so that equal data compare equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  )
}

/**
 * Whether a listed work request is what a create with `body` made since `since` (ms since
 * the epoch): the same task, workspace (when named) and no parent, and its task data holds
 * every key sent with the value sent ({@link holdsSent}: the server may add keys such as
 * `task_configuration`). Whose it is, `findCreated` decides.
 */
export function isCreatedFrom(
  candidate: WorkRequest,
  body: { task_name: string; task_data: Readonly<Record<string, unknown>>; workspace?: string },
  since: number,
): boolean {
  return (
    Date.parse(candidate.created_at) >= since &&
    candidate.task_name === body.task_name &&
    (body.workspace === undefined || candidate.workspace === body.workspace) &&
    candidate.parent == null &&
    holdsSent(candidate.task_data, body.task_data)
  )
}
