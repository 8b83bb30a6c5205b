import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { checkCount, checkId, checkMilliseconds, idIssue, MAX_TIMER_MS } from './argument-checks.js'

function refused(check: () => void): string {
  try {
    check()
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.issues.map((issue) => issue.message).join('; ')
    throw error
  }
  throw new Error('accepted')
}

describe('argument checks', () => {
  it('accepts ids that are integers from 1 and refuses 0, negatives, fractions, Infinity, NaN and non-numbers', () => {
    expect(() => checkId('Get', 'id', 1)).not.toThrow()
    expect(() => checkId('Get', 'id', Number.MAX_SAFE_INTEGER)).not.toThrow()
    for (const value of [0, -1, 1.5, Infinity, -Infinity, NaN, 2 ** 53, '1', null, undefined]) {
      expect(() => checkId('Get', 'id', value)).toThrow(ValidationError)
    }
    expect(refused(() => checkId('Get', 'id', Infinity))).toBe('expected a positive integer id, got Infinity')
    expect(idIssue('target', '7', 'artifact id')?.message).toBe(
      'expected a positive integer artifact id, got "7"',
    )
  })

  it('accepts counts from the minimum and Infinity only where it means no limit', () => {
    expect(() => checkCount('Upload', 'concurrency', undefined, 1)).not.toThrow()
    expect(() => checkCount('Upload', 'concurrency', 4, 1)).not.toThrow()
    expect(() => checkCount('Upload', 'chunkSize', Infinity, 1, { infinite: true })).not.toThrow()
    for (const value of [0, 1.5, Infinity, NaN]) {
      expect(() => checkCount('Upload', 'concurrency', value, 1)).toThrow(ValidationError)
    }
    expect(refused(() => checkCount('Upload', 'concurrency', Infinity, 1))).toBe(
      'expected an integer ≥ 1, got Infinity',
    )
  })

  it('accepts milliseconds from the minimum up to the longest timer, Infinity only where allowed', () => {
    expect(() => checkMilliseconds('Wait', 'pollInterval', 0, 0)).not.toThrow()
    expect(() => checkMilliseconds('Wait', 'pollInterval', MAX_TIMER_MS, 0)).not.toThrow()
    expect(() => checkMilliseconds('Wait', 'maxWait', Infinity, 0, { infinite: true })).not.toThrow()
    for (const value of [-1, NaN, Infinity, MAX_TIMER_MS + 1]) {
      expect(() => checkMilliseconds('Wait', 'pollInterval', value, 0)).toThrow(ValidationError)
    }
    expect(() => checkMilliseconds('Upload', 'stallTimeout', 0, 1)).toThrow(ValidationError)
  })
})
