import * as z from 'zod'

/** Data of `debusine:work-request-debug-logs` artifacts: always the empty object. */
export const WorkRequestDebugLogsDataSchema = z.strictObject({})
/** Data of a work request debug logs artifact. */
export type WorkRequestDebugLogsData = z.infer<typeof WorkRequestDebugLogsDataSchema>
