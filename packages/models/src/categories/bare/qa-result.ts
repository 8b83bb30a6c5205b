import * as z from 'zod'
import { WorkRequestResult } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:qa-result` bare items: one QA task's result on a package; `timestamp` in seconds since the epoch. */
export const QaResultDataSchema = lazySchema(() =>
  z.strictObject({
    task_name: z.string(),
    package: z.string(),
    version: z.string(),
    architecture: z.string(),
    timestamp: z.int(),
    work_request_id: z.int().positive(),
    result: z.enum(WorkRequestResult),
  }),
)
/** Data of a QA result. */
export type QaResultData = z.infer<typeof QaResultDataSchema>
