import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation-error.js'
import { parseModel } from '../parse.js'
import { OutputDataSchema, RegressionAnalysisStatus } from './output-data.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

function rejection(value: unknown): ValidationError {
  try {
    parseModel('OutputData', OutputDataSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('output data', () => {
  it('accepts the empty object and leaves unset fields out', () => {
    expect(parseModel('OutputData', OutputDataSchema, {})).toEqual({})
    const data = parseModel('OutputData', OutputDataSchema, { skip_reason: 'lookup result changed' })
    expect(JSON.stringify(data)).toBe('{"skip_reason":"lookup result changed"}')
  })

  it('accepts every documented field', () => {
    const data = {
      runtime_statistics: {
        duration: 95,
        cpu_time: 80,
        disk_space: 104857600,
        memory: 536870912,
        cpu_count: 4,
      },
      errors: [{ message: 'dpkg-buildpackage failed', code: 'build-failed' }],
      regression_analysis: {
        'lintian:hello:source': {
          original_source_version: '2.10-2',
          original_artifact_id: 10,
          new_source_version: '2.10-3',
          new_artifact_id: 11,
          status: RegressionAnalysisStatus.STABLE,
        },
      },
      confirmation: { confirmed: true, comment: 'looks good' },
    }
    expect(parseModel('OutputData', OutputDataSchema, data)).toEqual(data)
  })

  it('refuses unknown keys at every level', () => {
    expect(rejection({ result: 'success' }).issues).toEqual([
      expect.objectContaining({
        path: '',
        rule: 'unrecognized_keys',
        message: matching(/result/),
      }),
    ])
    expect(rejection({ runtime_statistics: { duration_total: 3 } }).issues).toEqual([
      expect.objectContaining({ path: 'runtime_statistics', rule: 'unrecognized_keys' }),
    ])
    expect(rejection({ errors: [{ message: 'x', code: 'y', hint: 'z' }] }).issues).toEqual([
      expect.objectContaining({ path: 'errors.0', rule: 'unrecognized_keys' }),
    ])
  })

  it('refuses fractional or negative statistics, an unknown regression status, and an error without a code', () => {
    const error = rejection({
      runtime_statistics: { duration: 1.5, memory: -1 },
      regression_analysis: { x: { status: 'worse' } },
      errors: [{ message: 'x' }],
    })
    expect(error.issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ['runtime_statistics.duration', 'invalid_type'],
      ['runtime_statistics.memory', 'too_small'],
      ['errors.0.code', 'invalid_type'],
      ['regression_analysis.x.status', 'invalid_value'],
    ])
  })

  it('requires confirmed in a confirmation', () => {
    expect(rejection({ confirmation: { comment: 'ok' } }).issues).toEqual([
      expect.objectContaining({ path: 'confirmation.confirmed', rule: 'invalid_type' }),
    ])
  })

  it('survives a JSON round trip', () => {
    // zod drops `__proto__` keys of free-form maps on purpose (no prototype pollution).
    const jsonKey = fc.string().filter((key) => key !== '__proto__')
    const count = fc.nat()
    const data = fc.record(
      {
        runtime_statistics: fc.record(
          {
            duration: count,
            cpu_time: count,
            disk_space: count,
            memory: count,
            available_memory: count,
            cpu_count: count,
          },
          { requiredKeys: [] },
        ),
        errors: fc.array(fc.record({ message: fc.string(), code: fc.string() })),
        skip_reason: fc.string(),
        regression_analysis: fc.dictionary(
          jsonKey,
          fc.record(
            {
              original_source_version: fc.option(fc.string()),
              new_artifact_id: fc.option(fc.integer({ min: 1 })),
              status: fc.constantFrom(...Object.values(RegressionAnalysisStatus)),
              details: fc.option(fc.dictionary(jsonKey, fc.string())),
            },
            { requiredKeys: ['status'] },
          ),
        ),
        confirmation: fc.record(
          { confirmed: fc.boolean(), comment: fc.option(fc.string()) },
          { requiredKeys: ['confirmed'] },
        ),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('OutputData', OutputDataSchema, input)
        expect(parsed).toEqual(input)
        expect(parseModel('OutputData', OutputDataSchema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
      }),
    )
  })
})
