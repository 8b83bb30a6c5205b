import * as z from 'zod'
import { WorkRequestResult } from '../enumerations.js'
import { DateTimeSchema } from './datetime.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * A completion notification of the `work-request/on-completed` channel. The message also
 * carries `type` and `text` (`work_request_completed`), which are accepted and ignored.
 * `result` is empty for an aborted request replayed with `completed_at_since`.
 */
export const OnWorkRequestCompletedSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    work_request_id: z.int(),
    completed_at: DateTimeSchema,
    result: openEnum(WorkRequestResult),
  }),
)
/** A work request completion notification. */
export type OnWorkRequestCompleted = z.infer<typeof OnWorkRequestCompletedSchema>
