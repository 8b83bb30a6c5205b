import {
  JsonObjectSchema,
  lazySchema,
  RuntimeParameter,
  ServerTooOldError,
  type WorkflowTemplate,
} from '@debusine-ts/models'
import { path, type RequestOptions, type Transport } from '@debusine-ts/transport'
import * as z from 'zod'

/**
 * Workflow templates as Debusine before 0.13.0 reads them (0.11.3, Debian trixie): not
 * scoped by workspace (`/workflow-template/` with `workspace` in the body, then by id), the
 * parameters in `task_data`, no names in the path, no list.
 */
const OldTemplateSchema = lazySchema(() =>
  z.looseObject({
    id: z.int(),
    name: z.string(),
    workspace: z.string().optional(),
    task_name: z.string(),
    task_data: JsonObjectSchema.default({}),
    priority: z.int().default(0),
  }),
)
type OldTemplate = z.infer<typeof OldTemplateSchema>

/**
 * The template in today's shape: `task_data` is its `static_parameters`; those servers let
 * a workflow's user set every other parameter (`runtime_parameters: 'any'`).
 */
function current(old: OldTemplate): WorkflowTemplate {
  return {
    links: {},
    id: old.id,
    name: old.name,
    task_name: old.task_name,
    static_parameters: old.task_data,
    runtime_parameters: RuntimeParameter.ANY,
    priority: old.priority,
    extra_groups: [],
    restricted: false,
  }
}

/** The fields of a template both shapes know, and the two an older server lacks. */
interface TemplateFields {
  readonly name: string
  readonly task_name: string
  readonly static_parameters: Readonly<Record<string, unknown>>
  readonly priority: number
  readonly extra_groups?: readonly (number | string)[] | undefined
  readonly restricted?: boolean | undefined
}

/** What the server reads for a template in its older shape, or the refusal of a field it lacks. */
function oldBody(template: TemplateFields, serverVersion: string): Record<string, unknown> {
  if ((template.extra_groups ?? []).length > 0) {
    throw new ServerTooOldError({
      operation: 'workflowTemplates.create with extra_groups',
      serverVersion,
      since: '0.14.9',
    })
  }
  if (template.restricted === true) {
    throw new ServerTooOldError({
      operation: 'workflowTemplates.create with restricted',
      serverVersion,
      since: '0.14.10',
    })
  }
  const { name, task_name, static_parameters, priority } = template
  return { name, task_name, task_data: static_parameters, priority }
}

const answer = { schema: OldTemplateSchema, model: 'WorkflowTemplate' } as const

/** `POST /workflow-template/` with the workspace in the body. */
export async function createBefore013(
  transport: Transport,
  template: TemplateFields,
  workspace: string,
  options: RequestOptions,
): Promise<WorkflowTemplate> {
  const serverVersion = (await transport.capabilities.version(options.signal)) ?? 'unknown'
  const body = { ...oldBody(template, serverVersion), workspace }
  const old = await transport.request('POST', '/workflow-template/', {
    ...options,
    ...answer,
    body,
    expectedStatus: 201,
    retryStaleConnection: false,
  })
  return current(old)
}

/** `GET /workflow-template/{id}/`; a name needs 0.13.0. */
export async function getBefore013(
  transport: Transport,
  key: number | string,
  options: RequestOptions,
): Promise<WorkflowTemplate> {
  const id = await idOf(transport, key, options)
  return current(await transport.request('GET', path`/workflow-template/${id}/`, { ...options, ...answer }))
}

/** `PATCH /workflow-template/{id}/` with the older shape's fields. */
export async function updateBefore013(
  transport: Transport,
  template: WorkflowTemplate,
  options: RequestOptions,
): Promise<WorkflowTemplate> {
  const serverVersion = (await transport.capabilities.version(options.signal)) ?? 'unknown'
  const old = await transport.request('PATCH', path`/workflow-template/${template.id}/`, {
    ...options,
    ...answer,
    body: oldBody(template, serverVersion),
    expectedStatus: 200,
  })
  return current(old)
}

/** `DELETE /workflow-template/{id}/`; a name needs 0.13.0. */
export async function deleteBefore013(
  transport: Transport,
  key: number | string,
  options: RequestOptions,
): Promise<void> {
  const id = await idOf(transport, key, options)
  await transport.request('DELETE', path`/workflow-template/${id}/`, { ...options, expectedStatus: 204 })
}

/** The id of a template; a name is refused (`ServerTooOldError`) before anything is sent. */
async function idOf(transport: Transport, key: number | string, options: RequestOptions): Promise<number> {
  if (typeof key === 'number') return key
  await transport.capabilities.require('workflowTemplates.getByName', options.signal)
  throw new Error(`unreachable: a server before 0.13.0 has no template names in paths (${key})`)
}
