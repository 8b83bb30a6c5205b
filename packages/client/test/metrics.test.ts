/**
 * client.metrics against the real Debusine 0.16.2 server.
 */
import { MetricType, ValidationError } from '@debusine-ts/models'
import { PermissionDeniedError } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import { realServer, requires } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'

function client(): DebusineClient {
  const server = realServer()
  return new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope })
}

requires('metrics.emit').describe('metrics.emit', () => {
  it('is refused for a user token, and the error says a Celery or scheduler worker token is needed', async () => {
    const error = await client()
      .metrics.emit({
        metricType: MetricType.COUNTER,
        name: 'debusine_tasks_total',
        labels: { task: 'noop' },
        value: 1,
      })
      .catch((caught: unknown) => caught as Error)
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect((error as PermissionDeniedError).status).toBe(403)
    expect((error as Error).message).toMatch(/POST .*\/open-metrics\/emit\/ failed with HTTP 403/)
    expect((error as Error).message).toMatch(/Celery or scheduler workers may emit metrics/)
  })

  it('validates the metric before sending', async () => {
    const error = await client()
      .metrics.emit({ metricType: 'rate' as never, name: '', labels: { task: 1 as never }, value: 1 })
      .catch((caught: unknown) => caught as Error)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual([
      'labels.task',
      'metric_type',
      'name',
    ])
  })
})
