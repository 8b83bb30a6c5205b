import * as z from 'zod'
import { TaskType, WorkRequestResult } from '../../enumerations.js'
import { RuntimeStatisticsSchema } from '../runtime-statistics.js'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:historical-task-run` bare items: one past run of a task; `timestamp` in seconds since the epoch. */
export const HistoricalTaskRunDataSchema = lazySchema(() =>
  z.strictObject({
    task_type: z.enum(TaskType),
    task_name: z.string(),
    subject: z.string().nullable().default(null),
    context: z.string().nullable().default(null),
    timestamp: z.int(),
    work_request_id: z.int().positive(),
    result: z.enum(WorkRequestResult),
    runtime_statistics: RuntimeStatisticsSchema,
  }),
)
/** Data of a historical task run. */
export type HistoricalTaskRunData = z.infer<typeof HistoricalTaskRunDataSchema>
