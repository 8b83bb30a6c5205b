import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { DebugSymbolsDataSchema } from './debug-symbols.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

const buildId = '3f1a6c2b9d8e7f60a5b4c3d2e1f0a9b8c7d6e5f4'

function rejection(value: unknown): ValidationError {
  try {
    parseModel('DebugSymbolsData', DebugSymbolsDataSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('debug symbols data', () => {
  it('accepts distinct 40-digit lower-case build ids', () => {
    const data = { build_ids: [buildId, '0'.repeat(40)] }
    expect(parseModel('DebugSymbolsData', DebugSymbolsDataSchema, data)).toEqual(data)
  })

  it.each([buildId.toUpperCase(), buildId.slice(1), `${buildId}0`, 'g'.repeat(40)])(
    'refuses the build id %j',
    (bad) => {
      expect(rejection({ build_ids: [buildId, bad] }).issues).toEqual([
        expect.objectContaining({
          path: 'build_ids.1',
          rule: 'invalid_format',
          message: matching(/40 lower-case hexadecimal digits/),
        }),
      ])
    },
  )

  it('refuses a build id listed twice, naming the second place', () => {
    expect(rejection({ build_ids: [buildId, '0'.repeat(40), buildId] }).issues).toEqual([
      expect.objectContaining({
        path: 'build_ids.2',
        rule: 'custom',
        message: `duplicate build id "${buildId}"`,
      }),
    ])
  })

  it('requires build_ids and refuses unknown keys', () => {
    expect(rejection({}).issues).toEqual([
      expect.objectContaining({ path: 'build_ids', rule: 'invalid_type' }),
    ])
    expect(rejection({ build_ids: [], package: 'hello' }).issues).toEqual([
      expect.objectContaining({ path: '', rule: 'unrecognized_keys' }),
    ])
  })

  it('survives a JSON round trip', () => {
    const buildIds = fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{40}$/), { maxLength: 8 })
    fc.assert(
      fc.property(buildIds, (ids) => {
        const data = parseModel('DebugSymbolsData', DebugSymbolsDataSchema, { build_ids: ids })
        const json: unknown = JSON.parse(JSON.stringify(data))
        expect(parseModel('DebugSymbolsData', DebugSymbolsDataSchema, json)).toEqual(data)
      }),
    )
  })
})
