import * as z from 'zod'
import { MetricType } from '../enumerations.js'
import { defineModel } from '../model.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The body of `POST /open-metrics/emit/`: ask the server to record a metric value (only
 * Celery and scheduler workers may). Unknown fields are rejected.
 *
 * @example
 * MetricRequestModel.create({ metric_type: MetricType.COUNTER, name: 'tasks_total', labels: { task: 'noop' }, value: 1 })
 */
export const MetricRequestSchema = lazySchema(() =>
  z.strictObject({
    metric_type: z.enum(MetricType),
    name: z.string().min(1),
    labels: z.record(z.string(), z.string()),
    value: z.number(),
  }),
)
/** The body that emits a metric. */
export type MetricRequest = z.infer<typeof MetricRequestSchema>
/** Build and update validated {@link MetricRequest} values. */
export const MetricRequestModel = defineModel('MetricRequest', MetricRequestSchema)
