import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMicroseconds, toMicroseconds, toPythonIsoformat } from './instant.js'

describe('instants', () => {
  it('keeps microseconds and offsets, and writes +00:00 like Python isoformat()', () => {
    expect(toPythonIsoformat('2026-10-28T13:17:55.123456Z')).toBe('2026-10-28T13:17:55.123456+00:00')
    expect(toPythonIsoformat('2026-10-28T15:17:55.1+02:00')).toBe('2026-10-28T13:17:55.100000+00:00')
    expect(toPythonIsoformat('2026-10-28T13:17:55Z')).toBe('2026-10-28T13:17:55+00:00')
    expect(toMicroseconds('2026-10-28T13:17:55.000001Z') - toMicroseconds('2026-10-28T13:17:55Z')).toBe(1)
    expect(() => toMicroseconds('2026-10-28 13:17')).toThrow(RangeError)
  })

  it('round-trips any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e18 / 1000 }), (micros) => {
        expect(toMicroseconds(formatMicroseconds(micros))).toBe(micros)
      }),
    )
  })
})
