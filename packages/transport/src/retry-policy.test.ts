import { describe, expect, it } from 'vitest'
import { isRepeatable, isRetryableStatus, parseRetryAfter, retryDelay } from './retry-policy.js'

describe('retry policy', () => {
  it('repeats only methods that are safe to repeat, unless told otherwise', () => {
    for (const method of ['GET', 'head', 'PUT', 'DELETE', 'PATCH']) expect(isRepeatable(method)).toBe(true)
    expect(isRepeatable('POST')).toBe(false)
    expect(isRepeatable('POST', true)).toBe(true)
    expect(isRepeatable('PUT', false)).toBe(false)
  })

  it('retries 408, 429 and 5xx only', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true)
    expect([400, 401, 403, 404, 409, 413].some(isRetryableStatus)).toBe(false)
  })

  it('parses Retry-After as seconds, HTTP date or retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter(new Headers({ 'Retry-After': '3' }), now)).toBe(3000)
    expect(parseRetryAfter(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000)
    expect(parseRetryAfter(new Headers({ 'Retry-After': 'Wed, 31 Dec 2025 00:00:00 GMT' }), now)).toBe(0)
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250' }), now)).toBe(250)
    expect(parseRetryAfter(new Headers({ 'Retry-After': 'soon' }), now)).toBeUndefined()
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined()
  })

  it('backs off exponentially with jitter, capped, and caps Retry-After', () => {
    const delays = { initialMs: 500, maxMs: 8_000, maxRetryAfterMs: 60_000 }
    expect(retryDelay(1, undefined, delays, () => 0.999999)).toBe(500)
    expect(retryDelay(3, undefined, delays, () => 0.999999)).toBe(2000)
    expect(retryDelay(10, undefined, delays, () => 0.999999)).toBe(8000)
    expect(retryDelay(1, undefined, delays, () => 0)).toBe(250)
    expect(retryDelay(1, 7_000, delays)).toBe(7_000)
    expect(retryDelay(1, 3_600_000, delays)).toBe(60_000)
  })
})
