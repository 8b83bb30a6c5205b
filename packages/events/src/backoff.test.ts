import { describe, expect, it } from 'vitest'
import { defaultReconnectDelays, reconnectDelay } from './backoff.js'

describe('reconnectDelay', () => {
  it('doubles from the initial delay up to the maximum, with jitter between half and all of it', () => {
    const delays = { initialMs: 500, maxMs: 4_000 }
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, delays, 0.999999))).toEqual([
      500, 1000, 2000, 4000, 4000,
    ])
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, delays, 0))).toEqual([
      250, 500, 1000, 2000, 2000,
    ])
  })

  it('starts fast by default: a recycled server worker costs well under a second', () => {
    expect(reconnectDelay(1, defaultReconnectDelays)).toBeLessThanOrEqual(500)
  })
})
