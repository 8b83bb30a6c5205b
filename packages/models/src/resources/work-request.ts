import * as z from 'zod'
import { TaskType, WorkRequestResult, WorkRequestStatus } from '../enumerations.js'
import { defineModel } from '../model.js'
import { DateTimeSchema } from './datetime.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The body of `POST /work-request/`: run the task `task_name` with `task_data`. A null
 * `workspace` means the server's default workspace (the client omits the key). The server
 * allows no other keys, and neither does this model.
 *
 * @example
 * WorkRequestRequestModel.create({ task_name: 'noop', task_data: { result: 'success' }, event_reactions: {}, workspace: 'System' })
 */
export const WorkRequestRequestSchema = lazySchema(() =>
  z.strictObject({
    task_name: z.string().min(1),
    workspace: z.string().nullable().default(null),
    task_data: JsonObjectSchema,
    event_reactions: JsonObjectSchema,
  }),
)
/** The body that creates a work request. */
export type WorkRequestRequest = z.infer<typeof WorkRequestRequestSchema>
/** Build and update validated {@link WorkRequestRequest} values. */
export const WorkRequestRequestModel = defineModel('WorkRequestRequest', WorkRequestRequestSchema)

const nullableId = () => z.int().nullable()

/**
 * A work request as the server describes it. `status`, `result` and `task_type` accept any
 * string (a newer server may add values); the known ones are in `WorkRequestStatus`,
 * `WorkRequestResult` (empty until completed) and `TaskType`. `duration` is in seconds,
 * a float in 0.16.2 and an integer in the earlier shape.
 *
 * The fields after `workspace` come from newer servers (`parent` and `workflow_root` since
 * 0.14.8) and are absent from older ones.
 */
export const WorkRequestSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    /** The web UI path; servers before 0.12.0 (0.11.3) send none: then an empty string. */
    url: z.string().default(''),
    created_at: DateTimeSchema,
    started_at: DateTimeSchema.nullable().default(null),
    completed_at: DateTimeSchema.nullable().default(null),
    duration: z.number().nullable().default(null),
    status: openEnum(WorkRequestStatus),
    result: openEnum(WorkRequestResult),
    worker: nullableId().default(null),
    task_type: openEnum(TaskType),
    task_name: z.string(),
    task_data: JsonObjectSchema,
    dynamic_task_data: JsonObjectSchema.nullable().default(null),
    priority_base: z.int(),
    priority_adjustment: z.int(),
    artifacts: z.array(z.int()),
    scope: z.string().nullable().default(null),
    workspace: z.string(),
    parent: nullableId().optional(),
    workflow_root: nullableId().optional(),
    created_by: nullableId().optional(),
    completed_by: nullableId().optional(),
    aborted_by: nullableId().optional(),
    workflow_data: JsonObjectSchema.nullable().optional(),
    event_reactions: JsonObjectSchema.nullable().optional(),
    scheduler_tags_provided: z.array(z.string()).optional(),
    scheduler_tags_required: z.array(z.string()).optional(),
  }),
)
/** A work request, as received. */
export type WorkRequest = z.infer<typeof WorkRequestSchema>

/**
 * The body that completes a work request waiting for an external debsign: the id of the
 * artifact holding the signed upload. Unknown fields are rejected.
 * @example
 * ExternalDebsignRequestModel.create({ signed_artifact: 42 })
 */
export const ExternalDebsignRequestSchema = lazySchema(() =>
  z.strictObject({
    signed_artifact: z.int(),
  }),
)
/** The body that completes an external debsign. */
export type ExternalDebsignRequest = z.infer<typeof ExternalDebsignRequestSchema>
/** Build and update validated {@link ExternalDebsignRequest} values. */
export const ExternalDebsignRequestModel = defineModel('ExternalDebsignRequest', ExternalDebsignRequestSchema)
