import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

const count = () => z.int().nonnegative().optional()

/**
 * What a task run used: durations in seconds, sizes in bytes, `cpu_time` in seconds.
 * Every field is optional; unknown keys are refused.
 */
export const RuntimeStatisticsSchema = lazySchema(() =>
  z.strictObject({
    duration: count(),
    duration_setup: count(),
    duration_run: count(),
    duration_teardown: count(),
    cpu_time: count(),
    disk_space: count(),
    memory: count(),
    network_received: count(),
    network_sent: count(),
    available_disk_space: count(),
    available_memory: count(),
    cpu_count: count(),
  }),
)
/** What a task run used. */
export type RuntimeStatistics = z.infer<typeof RuntimeStatisticsSchema>
