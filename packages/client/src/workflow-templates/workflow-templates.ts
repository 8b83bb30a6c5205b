import {
  linkHref,
  parseModel,
  ValidationError,
  WorkflowTemplateCreateRequestModel,
  WorkflowTemplateSchema,
  type WorkflowTemplate,
} from '@debusine-ts/models'
import { NotFoundError, path, type PagedList, type RequestOptions } from '@debusine-ts/transport'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { explainingRefusal } from '../internal/api-error-hint.js'
import { createOnce, RecentIds } from '../internal/create-once.js'
import { holdsSent } from '../internal/sent-match.js'
import type { CreateOptions } from '../errors/create-outcome.js'
import { createBefore013, deleteBefore013, getBefore013, updateBefore013 } from './before-0-13.js'
import { idIssue } from '../internal/argument-checks.js'

/** What {@link WorkflowTemplates.create} sends (the model's input: defaults filled in). */
export type WorkflowTemplateCreateInput = Parameters<typeof WorkflowTemplateCreateRequestModel.create>[0]

/** Options of the workflow template operations: the workspace, and the request options. */
export interface WorkflowTemplateOptions extends RequestOptions {
  /** The workspace of the templates; default: the client's default workspace. */
  workspace?: string | undefined
}

const configureHint =
  'Managing workflow templates needs the owner role in the workspace; a positive priority also ' +
  'needs the global "manage_workrequest_priorities" permission, and extra groups must be ones you may grant.'

function templateKey(idOrName: number | string): number | string {
  const valid =
    (typeof idOrName === 'number' && idIssue('idOrName', idOrName) === undefined) ||
    (typeof idOrName === 'string' && idOrName !== '')
  if (!valid) {
    throw new ValidationError('WorkflowTemplateKey', [
      {
        path: 'idOrName',
        rule: 'invalid_type',
        message: `expected a template id (positive integer) or name (non-empty string), got ${JSON.stringify(idOrName)}`,
      },
    ])
  }
  return idOrName
}

/** The workspace name in a template's `links.self` (`…/workflow-template/{ws}/{id}/`), if any. */
function workspaceOfLinks(template: WorkflowTemplate): string | undefined {
  const self = template.links.self
  const match = self === undefined ? null : /\/workflow-template\/([^/]+)\/[^/]+\/?$/.exec(linkHref(self))
  return match === null ? undefined : decodeURIComponent(match[1]!)
}

/**
 * Workflow templates of a workspace: create, read, list, update and delete
 * (`/workflow-template/{workspace}/…`, 0.13+).
 */
export class WorkflowTemplates {
  readonly #context: ClientContext
  readonly #created = new RecentIds()

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Create a workflow template (`POST /workflow-template/{workspace}/`, 201).
   *
   * @example
   * const template = await client.workflowTemplates.create(
   *   { name: 'noop', task_name: 'noop', static_parameters: {}, runtime_parameters: 'any' },
   *   { workspace: 'developers' },
   * )
   * @throws {ValidationError} for a missing name or task name, or an unknown key (nothing is sent)
   * @throws {BadRequestError} when the name is taken or the task is not a workflow
   * @throws {PermissionDeniedError} unless the user owns the workspace (the message says what else is needed)
   * @throws {CreateOutcomeUnknownError} when the answer was lost and the template was not found
   */
  async create(
    template: WorkflowTemplateCreateInput,
    options: WorkflowTemplateOptions & CreateOptions = {},
  ): Promise<WorkflowTemplate> {
    const { workspace, onRecovered, ...requestOptions } = options
    const body = WorkflowTemplateCreateRequestModel.create(template)
    const name = requiredWorkspace(this.#context, workspace, 'WorkflowTemplates.create')
    const { transport } = this.#context
    if ((await transport.capabilities.require('workflowTemplates.create', options.signal)) === 'older-shape') {
      return explainingRefusal(configureHint, () => createBefore013(transport, body, name, requestOptions))
    }
    return explainingRefusal(configureHint, () =>
      createOnce(
        {
          what: `workflow template "${body.name}" in workspace "${name}"`,
          check: `\`debusine-ts workflow-template show -w ${name} ${body.name}\``,
          recent: this.#created,
          send: (sendOptions) =>
            transport.request('POST', path`/workflow-template/${name}/`, {
              ...sendOptions,
              body,
              schema: WorkflowTemplateSchema,
              model: 'WorkflowTemplate',
              expectedStatus: 201,
              retryStaleConnection: false,
            }),
          // Names are unique in a workspace: the one found is ours when it holds what we sent
          // (extra groups aside: sent as ids or names, answered as names).
          find: async (_since, findOptions) => {
            try {
              const found = await this.get(body.name, { ...findOptions, workspace: name })
              return holdsSent(found, { ...body, extra_groups: found.extra_groups }) ? found : undefined
            } catch (error) {
              if (NotFoundError.isInstance(error)) return undefined
              throw error
            }
          },
        },
        { ...requestOptions, onRecovered },
      ),
    )
  }

  /**
   * Read a workflow template by id or name (`GET /workflow-template/{workspace}/{idOrName}/`).
   *
   * @example
   * const template = await client.workflowTemplates.get('noop')
   * @throws {NotFoundError} when there is no such template in the workspace
   */
  async get(idOrName: number | string, options: WorkflowTemplateOptions = {}): Promise<WorkflowTemplate> {
    const { workspace, ...requestOptions } = options
    const key = templateKey(idOrName)
    const name = requiredWorkspace(this.#context, workspace, 'WorkflowTemplates.get')
    const { transport } = this.#context
    if ((await transport.capabilities.require('workflowTemplates.get', options.signal)) === 'older-shape') {
      return getBefore013(transport, key, requestOptions)
    }
    return this.#context.transport.request('GET', path`/workflow-template/${name}/${key}/`, {
      ...requestOptions,
      schema: WorkflowTemplateSchema,
      model: 'WorkflowTemplate',
    })
  }

  /**
   * List a workspace's workflow templates by name, lazily (page-number pagination).
   *
   * @example
   * for await (const template of client.workflowTemplates.list({ workspace: 'developers' })) console.log(template.name)
   * @throws {ValidationError} (at once) when no workspace is given and the client has none
   */
  list(options: WorkflowTemplateOptions = {}): PagedList<WorkflowTemplate> {
    const { workspace, ...requestOptions } = options
    const name = requiredWorkspace(this.#context, workspace, 'WorkflowTemplates.list')
    return this.#context.transport.list(path`/workflow-template/${name}/`, WorkflowTemplateSchema, {
      ...requestOptions,
      operation: 'workflowTemplates.list',
      model: 'WorkflowTemplate',
    })
  }

  /**
   * Save a changed workflow template (`PATCH /workflow-template/{workspace}/{id}/` with the
   * whole template): change a template as received from `get`, `list` or `create`, then
   * pass it here. The workspace is, in order: `options.workspace`, the one in the
   * template's `links.self`, the client's default.
   *
   * @example
   * const template = await client.workflowTemplates.get('noop')
   * await client.workflowTemplates.update({ ...template, priority: -1 })
   * @throws {ValidationError} when the template lacks a field of a template (nothing is sent)
   * @throws {BadRequestError} when the task name changes or the new name is taken
   * @throws {PermissionDeniedError} unless the user owns the workspace
   */
  async update(template: WorkflowTemplate, options: WorkflowTemplateOptions = {}): Promise<WorkflowTemplate> {
    const { workspace, ...requestOptions } = options
    const body = parseModel('WorkflowTemplate', WorkflowTemplateSchema, template)
    const name = requiredWorkspace(
      this.#context,
      workspace ?? workspaceOfLinks(body),
      'WorkflowTemplates.update',
    )
    const { transport } = this.#context
    if ((await transport.capabilities.require('workflowTemplates.update', options.signal)) === 'older-shape') {
      return explainingRefusal(configureHint, () => updateBefore013(transport, body, requestOptions))
    }
    return explainingRefusal(configureHint, () =>
      this.#context.transport.request('PATCH', path`/workflow-template/${name}/${body.id}/`, {
        ...requestOptions,
        body,
        schema: WorkflowTemplateSchema,
        model: 'WorkflowTemplate',
        expectedStatus: 200,
      }),
    )
  }

  /**
   * Delete a workflow template by id or name (`DELETE /workflow-template/{workspace}/{idOrName}/`, 204).
   *
   * @example
   * await client.workflowTemplates.delete('noop', { workspace: 'developers' })
   * @throws {NotFoundError} when there is no such template
   * @throws {PermissionDeniedError} unless the user owns the workspace
   */
  async delete(idOrName: number | string, options: WorkflowTemplateOptions = {}): Promise<void> {
    const { workspace, ...requestOptions } = options
    const key = templateKey(idOrName)
    const name = requiredWorkspace(this.#context, workspace, 'WorkflowTemplates.delete')
    const { transport } = this.#context
    if ((await transport.capabilities.require('workflowTemplates.delete', options.signal)) === 'older-shape') {
      await explainingRefusal(configureHint, () => deleteBefore013(transport, key, requestOptions))
      return
    }
    await explainingRefusal(configureHint, () =>
      this.#context.transport.request('DELETE', path`/workflow-template/${name}/${key}/`, {
        ...requestOptions,
        expectedStatus: 204,
      }),
    )
  }
}
