import * as z from 'zod'
import { BareDataCategory, EventReactionAction } from '../enumerations.js'
import { LookupSingleValueSchema } from './lookup-single.js'
import { lazySchema } from '../lazy-schema.js'

const optionalString = () => z.string().nullable().default(null)
const optionalDateTime = () => z.iso.datetime({ offset: true }).nullable().default(null)

/** Where and how an e-mail notification goes; unset fields take the channel's settings. */
export const NotificationDataSchema = lazySchema(() =>
  z.strictObject({
    from: z.email().nullable().default(null),
    to: z.array(z.email()).nullable().default(null),
    cc: z.array(z.email()).default([]),
    subject: optionalString(),
  }),
)
/** Where and how an e-mail notification goes. */
export type NotificationData = z.infer<typeof NotificationDataSchema>

/** Send a notification of the event through an existing notification channel. */
export const SendNotificationActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.SEND_NOTIFICATION),
    channel: z.string().min(1),
    data: NotificationDataSchema.nullable().default(null),
  }),
)
/** Send a notification of the event. */
export type SendNotificationAction = z.infer<typeof SendNotificationActionSchema>

/**
 * Skip the work request if `lookup` (inside a collection) no longer finds the item it
 * found when the work request was created (`on_assignment`).
 */
export const SkipIfLookupResultChangedActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.SKIP_IF_LOOKUP_RESULT_CHANGED),
    lookup: LookupSingleValueSchema,
    collection_item_id: z.int().positive().nullable().default(null),
    promise_name: optionalString(),
  }),
)
/** Skip the work request if a lookup's result changed. */
export type SkipIfLookupResultChangedAction = z.infer<typeof SkipIfLookupResultChangedActionSchema>

/**
 * Add the artifacts the work request produced (those matching `artifact_filters`) to a
 * collection. `variables` keys starting with `$` are JSON paths into the artifact's data.
 */
export const UpdateCollectionWithArtifactsActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.UPDATE_COLLECTION_WITH_ARTIFACTS),
    collection: LookupSingleValueSchema,
    name_template: optionalString(),
    variables: z.record(z.string(), z.unknown()).nullable().default(null),
    artifact_filters: z.record(z.string(), z.unknown()),
    created_at: optionalDateTime(),
  }),
)
/** Add the work request's artifacts to a collection. */
export type UpdateCollectionWithArtifactsAction = z.infer<typeof UpdateCollectionWithArtifactsActionSchema>

/** Add a bare data item of `category` to a collection. */
export const UpdateCollectionWithDataActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.UPDATE_COLLECTION_WITH_DATA),
    collection: LookupSingleValueSchema,
    category: z.enum(BareDataCategory),
    name_template: optionalString(),
    data: z.record(z.string(), z.unknown()).nullable().default(null),
    created_at: optionalDateTime(),
  }),
)
/** Add a bare data item to a collection. */
export type UpdateCollectionWithDataAction = z.infer<typeof UpdateCollectionWithDataActionSchema>

/** A retry delay: a whole number of minutes, hours, days or weeks, e.g. `30m`, `2h`, `1d`, `1w`. */
export const RetryDelaySchema = lazySchema(() =>
  z.string().regex(/^[0-9]+[mhdw]$/, { message: 'must be a number followed by m, h, d or w' }),
)

/** Retry a failed work request after the delay of its retry count (`on_failure`). */
export const RetryWithDelaysActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.RETRY_WITH_DELAYS),
    delays: z.array(RetryDelaySchema),
  }),
)
/** Retry a failed work request after a delay. */
export type RetryWithDelaysAction = z.infer<typeof RetryWithDelaysActionSchema>

/** Record the run in the workspace's task history; unset fields come from the work request. */
export const RecordInTaskHistoryActionSchema = lazySchema(() =>
  z.strictObject({
    action: z.literal(EventReactionAction.RECORD_IN_TASK_HISTORY),
    subject: optionalString(),
    context: optionalString(),
  }),
)
/** Record the run in the task history. */
export type RecordInTaskHistoryAction = z.infer<typeof RecordInTaskHistoryActionSchema>

/** An event reaction, told apart by `action`. */
export const EventReactionSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    SkipIfLookupResultChangedActionSchema,
    SendNotificationActionSchema,
    UpdateCollectionWithArtifactsActionSchema,
    UpdateCollectionWithDataActionSchema,
    RetryWithDelaysActionSchema,
    RecordInTaskHistoryActionSchema,
  ]),
)
/** An event reaction. */
export type EventReaction = z.infer<typeof EventReactionSchema>

function reactions<Action extends z.ZodType>(action: Action) {
  const list = z.array(action).default([])
  return z.strictObject({
    on_creation: list,
    on_unblock: list,
    on_assignment: list,
    on_success: list,
    on_failure: list,
  })
}

/** The event reactions of a work request, as the server holds them: every action is possible. */
export const EventReactionsSchema = lazySchema(() => reactions(EventReactionSchema))
/** The event reactions of a work request. */
export type EventReactions = z.infer<typeof EventReactionsSchema>

/**
 * The event reactions a client may give when creating a work request: only
 * `send-notification` is accepted (and its channel must exist on the server).
 *
 * @example
 * parseModel('EventReactions', EventReactionsRequestSchema, {
 *   on_failure: [{ action: EventReactionAction.SEND_NOTIFICATION, channel: 'admin-team' }],
 * })
 */
export const EventReactionsRequestSchema = lazySchema(() =>
  reactions(
    // A union of one, so that any other action is reported as such on `action`.
    z.discriminatedUnion('action', [SendNotificationActionSchema]),
  ),
)
/** The event reactions a client may give when creating a work request. */
export type EventReactionsRequest = z.infer<typeof EventReactionsRequestSchema>
