import { MetricRequestModel, type MetricType } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import { explainingRefusal } from '../internal/api-error-hint.js'

/** A metric value to emit through the server. */
export interface MetricEmission {
  /** `counter`, `gauge`, `summary` or `histogram`; must match the metric's type on the server. */
  metricType: MetricType
  /** The metric's name, one the server knows. */
  name: string
  /** Label name → value. */
  labels: Readonly<Record<string, string>>
  /** The value: the increment of a counter, the observation of a summary or histogram, a gauge's value. */
  value: number
}

/**
 * Metrics emitted through the server (`POST /open-metrics/emit/`, 0.14.2+). Only the
 * tokens of the server's own Celery and scheduler workers may emit; users (and external
 * workers) are refused.
 */
export class Metrics {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Ask the server to record a metric value (204, no body).
   *
   * @example
   * const worker = new DebusineClient({ apiUrl, token: celeryWorkerToken })
   * await worker.metrics.emit({ metricType: MetricType.COUNTER, name: 'tasks_total', labels: { task: 'noop' }, value: 1 })
   * @throws {ValidationError} for an unknown metric type, an empty name or non-string labels (nothing is sent)
   * @throws {PermissionDeniedError} unless the token is a Celery or scheduler worker's (the message says so)
   * @throws {NotFoundError} when the server knows no such metric
   * @throws {BadRequestError} when the type does not match the metric's
   */
  async emit(metric: MetricEmission, options?: RequestOptions): Promise<void> {
    const body = MetricRequestModel.create({
      metric_type: metric.metricType,
      name: metric.name,
      labels: metric.labels,
      value: metric.value,
    })
    await explainingRefusal(
      "Only the token of one of the server's Celery or scheduler workers may emit metrics; " +
        'user tokens (and external workers) are refused.',
      () =>
        this.#context.transport.request('POST', '/open-metrics/emit/', {
          operation: 'metrics.emit',
          ...options,
          body,
          expectedStatus: 204,
        }),
    )
  }
}
