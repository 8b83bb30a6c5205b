import * as z from 'zod'
import { TaskType } from '../enumerations.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { lazySchema } from '../lazy-schema.js'

/** The longest `{path}:{position}` a task configuration item may have. */
export const MAX_TASK_CONFIGURATION_LOCATION_LENGTH = 255

const noColon = () =>
  z
    .string()
    .refine((value) => !value.includes(':'), { message: 'must not contain ":"' })
    .nullable()
    .default(null)

const itemPath = () =>
  z
    .string()
    .refine((value) => !value.startsWith('/'), { message: 'must be a relative path' })
    .refine((value) => /\.ya?ml$/.test(value), { message: 'must end in .yaml or .yml' })
    .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), {
      message: 'must not contain "." or ".." components',
    })
    .nullable()
    .default(null)

/** Tags as a list, or as a tag expression (a string; its grammar is checked by the server). */
const tags = () => z.union([z.array(z.string()), z.string()]).default([])

/**
 * One entry of a `debusine:task-configuration` collection: it selects tasks (by type,
 * name, subject and context) or is a named `template`, and changes their task data
 * (`default_values`, `override_values`, `delete_values`, `lock_values`) and scheduler tags.
 * `path` and `position` record where the entry sits in a local repository.
 *
 * Rules: `task_name`, `subject` and `template` contain no `:`; `path` is relative, ends in
 * `.yaml`/`.yml` and has no `.` or `..` component; `{path}:{position}` is at most 255
 * characters; a template sets none of `task_type`, `task_name`, `subject`, `context`, and
 * anything else needs `task_type` and `task_name`. Unknown fields are rejected.
 *
 * @example
 * TaskConfigurationItemSchema.parse({ task_type: 'Worker', task_name: 'sbuild', default_values: { backend: 'unshare' } })
 */
export const TaskConfigurationItemSchema = lazySchema(() =>
  z
    .strictObject({
      task_type: z.enum(TaskType).nullable().default(null),
      task_name: noColon(),
      subject: noColon(),
      context: z.string().nullable().default(null),
      path: itemPath(),
      position: z.int().nullable().default(null),
      tags_provided: tags(),
      tags_required: tags(),
      template: noColon(),
      use_templates: z.array(z.string()).default([]),
      delete_values: z.array(z.string()).default([]),
      default_values: JsonObjectSchema.default({}),
      override_values: JsonObjectSchema.default({}),
      lock_values: z.array(z.string()).default([]),
      provide_tags: z.array(z.string()).default([]),
      require_tags: z.array(z.string()).default([]),
      comment: z.string().default(''),
    })
    .superRefine((item, context) => {
      if (
        item.path !== null &&
        `${item.path}:${item.position ?? 0}`.length > MAX_TASK_CONFIGURATION_LOCATION_LENGTH
      ) {
        context.addIssue({
          code: 'custom',
          path: ['path'],
          message: `"{path}:{position}" must be at most ${MAX_TASK_CONFIGURATION_LOCATION_LENGTH} characters`,
        })
      }
      if (item.template !== null) {
        for (const field of ['task_type', 'task_name', 'subject', 'context'] as const) {
          if (item[field] !== null) {
            context.addIssue({ code: 'custom', path: [field], message: `must be empty when template is set` })
          }
        }
      } else {
        for (const field of ['task_type', 'task_name'] as const) {
          if (item[field] === null) {
            context.addIssue({ code: 'custom', path: [field], message: `is required unless template is set` })
          }
        }
      }
    }),
)
/** One entry of a task configuration collection. */
export type TaskConfigurationItem = z.infer<typeof TaskConfigurationItemSchema>

// Python's urllib.parse.quote(): like encodeURIComponent, but keeps "/" and escapes !'()*.
function pythonQuote(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, '/')
}

/**
 * The name of an item in its collection: `template:{template}` for a template, else
 * `{path}:{position}` when it has a path, else
 * `{task_type}:{task_name}:{subject}:{context}` (context URL-quoted, missing parts empty).
 *
 * @example
 * taskConfigurationItemName(TaskConfigurationItemSchema.parse({ template: 'base' })) // 'template:base'
 */
export function taskConfigurationItemName(item: TaskConfigurationItem): string {
  if (item.template !== null) return `template:${item.template}`
  if (item.path !== null) return `${item.path}:${item.position ?? 0}`
  const context = item.context === null ? '' : pythonQuote(item.context)
  return `${item.task_type ?? ''}:${item.task_name ?? ''}:${item.subject ?? ''}:${context}`
}

/** A `debusine:task-configuration` collection: its id, name and data (e.g. `git_commit`). */
export const TaskConfigurationCollectionSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    name: z.string(),
    data: JsonObjectSchema,
  }),
)
/** A task configuration collection, as received. */
export type TaskConfigurationCollection = z.infer<typeof TaskConfigurationCollectionSchema>

/** The answer to `GET /task-configuration/{workspace}/{name}/`: the collection and its active items. */
export const TaskConfigurationCollectionContentsSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    collection: TaskConfigurationCollectionSchema,
    items: z.array(TaskConfigurationItemSchema),
  }),
)
/** The contents of a task configuration collection, as received. */
export type TaskConfigurationCollectionContents = z.infer<typeof TaskConfigurationCollectionContentsSchema>

/**
 * The body of `POST /task-configuration/{workspace}/{name}/`: the collection (whose id and
 * name must match the URL's) and every item it should hold. With `dry_run` the server
 * only counts (but still saves `data.git_commit`). Unknown fields are rejected.
 */
export const TaskConfigurationPushRequestSchema = lazySchema(() =>
  z.strictObject({
    collection: z.object({ id: z.int(), name: z.string(), data: JsonObjectSchema }),
    items: z.array(TaskConfigurationItemSchema),
    dry_run: z.boolean(),
  }),
)
/** The body that replaces a task configuration collection's items. */
export type TaskConfigurationPushRequest = z.infer<typeof TaskConfigurationPushRequestSchema>

/** What a push changed: counts of items added, updated (same name, new content), removed and unchanged. */
export const TaskConfigurationUpdateResultsSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    added: z.int().nonnegative(),
    updated: z.int().nonnegative(),
    removed: z.int().nonnegative(),
    unchanged: z.int().nonnegative(),
  }),
)
/** What a push of a task configuration collection changed. */
export type TaskConfigurationUpdateResults = z.infer<typeof TaskConfigurationUpdateResultsSchema>
