import * as z from 'zod'
import { RuntimeParameter } from '../enumerations.js'
import { defineModel } from '../model.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { lazySchema } from '../lazy-schema.js'

const anyParameter = () => z.literal(RuntimeParameter.ANY)

/**
 * What a workflow's user may set: `'any'` (every parameter, any value), or a map from
 * parameter name to the list of allowed values or `'any'`.
 *
 * @example
 * RuntimeParametersSchema.parse({ architectures: ['amd64', 'arm64'], backend: 'any' })
 */
export const RuntimeParametersSchema = lazySchema(() =>
  z.union([anyParameter(), z.record(z.string(), z.union([z.array(z.string()), anyParameter()]))]),
)
/** What a workflow's user may set. */
export type RuntimeParameters = z.infer<typeof RuntimeParametersSchema>

/**
 * A workflow template as the server describes it. `extra_groups` (sorted `scope/group` or
 * `scope/workspace/group` names) and `restricted` come from 0.14.10+ servers; older ones
 * parse with their defaults.
 */
export const WorkflowTemplateSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    name: z.string(),
    task_name: z.string(),
    static_parameters: JsonObjectSchema,
    runtime_parameters: RuntimeParametersSchema,
    priority: z.int().default(0),
    extra_groups: z.array(z.string()).default([]),
    restricted: z.boolean().default(false),
  }),
)
/** A workflow template, as received. */
export type WorkflowTemplate = z.infer<typeof WorkflowTemplateSchema>

/**
 * The body of `POST /workflow-template/{workspace}/`. `extra_groups` are group ids or
 * `scope/group` / `scope/workspace/group` names; a positive `priority` needs a special
 * permission on the server. Unknown fields are rejected.
 *
 * @example
 * WorkflowTemplateCreateRequestModel.create({ name: 'noop', task_name: 'noop', static_parameters: {} })
 */
export const WorkflowTemplateCreateRequestSchema = lazySchema(() =>
  z.strictObject({
    name: z.string().min(1),
    task_name: z.string().min(1),
    static_parameters: JsonObjectSchema,
    runtime_parameters: RuntimeParametersSchema.default({}),
    priority: z.int().default(0),
    extra_groups: z.array(z.union([z.int(), z.string()])).default([]),
    restricted: z.boolean().default(false),
  }),
)
/** The body that creates a workflow template. */
export type WorkflowTemplateCreateRequest = z.infer<typeof WorkflowTemplateCreateRequestSchema>
/** Build and update validated {@link WorkflowTemplateCreateRequest} values. */
export const WorkflowTemplateCreateRequestModel = defineModel(
  'WorkflowTemplateCreateRequest',
  WorkflowTemplateCreateRequestSchema,
)
