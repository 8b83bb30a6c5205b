import {
  CreateWorkflowRequestModel,
  TaskType,
  ValidationError,
  WorkRequestSchema,
  type WorkRequest,
  type WorkRequestStatus,
} from '@debusine-ts/models'
import type { PagedList, RequestOptions } from '@debusine-ts/transport'
import { workspaceFor, type ClientContext } from '../internal/client-context.js'
import { explainingRefusal } from '../internal/api-error-hint.js'
import { createOnce, findCreated, RecentIds } from '../internal/create-once.js'
import { holdsSent, ownUserOf } from '../internal/sent-match.js'
import { workRequestListOperation, workRequestListQuery } from '../work-requests/list.js'
import type { CreateOptions } from '../errors/create-outcome.js'

/**
 * What {@link Workflows.start} starts: a workflow template by name, or (0.14.9+,
 * workspace owners) a workflow task directly by name. Exactly one of the two.
 */
export interface WorkflowStartRequest {
  /** The workflow template to run; its static parameters are the base of the task data. */
  templateName?: string | undefined
  /** The workflow task to run without a template (workspace owners only). */
  taskName?: string | undefined
  /** The workspace; the client's default workspace when left out, else the server's default. */
  workspace?: string | undefined
  /**
   * The workflow's data, laid over the template's static parameters; each key must be
   * allowed by the template's runtime parameters. Default `{}`.
   */
  taskData?: Readonly<Record<string, unknown>> | undefined
}

/** Filters of {@link Workflows.list}. */
export interface WorkflowListFilters {
  /** Only workflows in this status (0.16.2+). */
  status?: WorkRequestStatus | undefined
}

/**
 * Whether a listed workflow is what a start with `wire` made: same workspace and task (when
 * named), and its task data holds the given data ({@link holdsSent}: a template adds its
 * static parameters, the server its own keys).
 */
function startedFrom(
  candidate: WorkRequest,
  wire: { task_name?: string; workspace?: string; task_data: Readonly<Record<string, unknown>> },
): boolean {
  const data = candidate.task_data as Readonly<Record<string, unknown>>
  return (
    (wire.workspace === undefined || candidate.workspace === wire.workspace) &&
    (wire.task_name === undefined || candidate.task_name === wire.task_name) &&
    holdsSent(data, wire.task_data)
  )
}

/**
 * Workflows: start one from a template (or a workflow task), and list root workflows. A
 * workflow is a work request of task type `Workflow`: read, abort, retry and wait for it
 * through `client.workRequests`.
 */
export class Workflows {
  readonly #context: ClientContext
  readonly #created = new RecentIds()

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Start a workflow (`POST /workflow/`); the server answers 201 with its work request,
   * already `pending`. Never starts it twice: when the answer is lost, the workflow this
   * call started is looked up and returned (`onRecovered` says so).
   *
   * @example
   * const workflow = await client.workflows.start({ templateName: 'noop', taskData: {} })
   * await client.workRequests.waitForCompletion(workflow.id)
   * @throws {ValidationError} unless exactly one of `templateName` and `taskName` is given
   *   (reported on `template_name`), or for an unknown key such as the wire name
   *   `task_data` (nothing is sent)
   * @throws {NotFoundError} when the template does not exist in the workspace
   * @throws {BadRequestError} when the task data is refused (e.g. a runtime parameter the
   *   template does not permit)
   * @throws {PermissionDeniedError} without the right to run the template, or (for
   *   `taskName`) without owning the workspace
   * @throws {CreateOutcomeUnknownError} when the answer was lost and the workflow was not found
   */
  async start(request: WorkflowStartRequest, options?: CreateOptions): Promise<WorkRequest> {
    const { templateName, taskName, workspace, taskData, ...unknown } = request
    const unknownKeys = Object.keys(unknown)
    if (unknownKeys.length > 0) {
      throw new ValidationError(
        'WorkflowStartRequest',
        unknownKeys.map((key) => ({
          path: key,
          rule: 'unrecognized_keys',
          message: `unknown key "${key}": expected templateName, taskName, workspace or taskData`,
        })),
      )
    }
    const workspaceName = workspaceFor(this.#context, workspace)
    const body = CreateWorkflowRequestModel.create({
      template_name: templateName ?? '',
      task_name: taskName ?? '',
      workspace: workspaceName ?? null,
      task_data: taskData ?? {},
    })
    // @NOTE Only the non-empty name is sent, and no workspace key when none is known.
    const wire = {
      ...(body.template_name === '' ? {} : { template_name: body.template_name }),
      ...(body.task_name === '' ? {} : { task_name: body.task_name }),
      ...(body.workspace === null ? {} : { workspace: body.workspace }),
      task_data: body.task_data,
    }
    const { transport } = this.#context
    const user = ownUserOf(transport)
    return explainingRefusal(
      body.task_name === ''
        ? `Running workflow template "${body.template_name}" needs the contributor role in the ` +
            'workspace (owners only for a restricted template).'
        : 'Starting a workflow without a template needs the owner role in the workspace.',
      () =>
        createOnce(
          {
            what:
              `workflow ${body.template_name === '' ? `task "${body.task_name}"` : `from template "${body.template_name}"`}` +
              (body.workspace === null ? '' : ` in workspace "${body.workspace}"`),
            check: '`debusine-ts workflow list` (the newest first)',
            recent: this.#created,
            clockOffset: () => transport.serverClockOffset,
            send: async (sendOptions) => {
              const started = await transport.request('POST', '/workflow/', {
                ...sendOptions,
                body: wire,
                operation: body.task_name === '' ? undefined : 'workflows.start without a template',
                schema: WorkRequestSchema,
                model: 'WorkRequest',
                expectedStatus: 201,
                retryStaleConnection: false,
              })
              user.learn(started.created_by)
              return started
            },
            find: (since, findOptions) =>
              findCreated(
                this.#listRoots({}, findOptions),
                since,
                this.#created,
                (candidate) => startedFrom(candidate, wire),
                user,
              ),
          },
          options,
        ),
    )
  }

  /**
   * The same as {@link Workflows.start} (the seed's `workflow_create`).
   *
   * @example
   * await client.workflows.create({ templateName: 'noop' })
   * @throws {ValidationError} see {@link Workflows.start}
   */
  create(request: WorkflowStartRequest, options?: CreateOptions): Promise<WorkRequest> {
    return this.start(request, options)
  }

  /**
   * List root workflows, newest first, lazily
   * (`GET /work-request/?task_type=Workflow&root_only=true`, 0.16.0+).
   *
   * @throws {ServerTooOldError} (on the first page) on a server before 0.16.0, which would
   * ignore the filters
   * @example
   * const running = await client.workflows.list({ status: WorkRequestStatus.RUNNING }).toArray({ limit: 50 })
   * @throws {ValidationError} (at once) for an unknown filter or status
   */
  list(filters: WorkflowListFilters = {}, options?: RequestOptions): PagedList<WorkRequest> {
    const wanted = { ...filters, taskType: TaskType.WORKFLOW, rootOnly: true }
    return this.#listRoots(filters, { ...options, operation: workRequestListOperation(wanted) })
  }

  // A start's lost answer is looked for without the capability check: a server that ignores
  // the filters lists everything, and `startedFrom` still picks only the workflow sent.
  #listRoots(
    filters: WorkflowListFilters,
    options?: RequestOptions & { operation?: string | undefined },
  ): PagedList<WorkRequest> {
    const query = workRequestListQuery({ ...filters, taskType: TaskType.WORKFLOW, rootOnly: true })
    return this.#context.transport.list('/work-request/', WorkRequestSchema, {
      ...options,
      query,
      model: 'WorkRequest',
    })
  }
}
