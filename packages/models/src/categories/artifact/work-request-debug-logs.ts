import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:work-request-debug-logs` artifacts: always the empty object. */
export const WorkRequestDebugLogsDataSchema = lazySchema(() => z.strictObject({}))
/** Data of a work request debug logs artifact. */
export type WorkRequestDebugLogsData = z.infer<typeof WorkRequestDebugLogsDataSchema>
