import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation-error.js'
import { parseModel } from '../parse.js'
import { EnrollConfirmPayloadSchema, EnrollPayloadModel, EnrollPayloadSchema } from './enrollment.js'

const valid = {
  nonce: 'AbCdEf0123456789_-xyzQ',
  challenge: 'apple banana cherry dates',
  scope: 'debusine',
  hostname: 'laptop',
}

function rule(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.issues.map((issue) => `${issue.path}:${issue.rule}`)
    throw error
  }
  return []
}

describe('EnrollPayload', () => {
  it('accepts nonces of 8 and 64 characters from A-Z a-z 0-9 _ -', () => {
    for (const nonce of ['abcdEFG0', '_'.repeat(64), 'a-b_c-d_e']) {
      expect(EnrollPayloadModel.create({ ...valid, nonce }).nonce).toBe(nonce)
    }
  })

  it('rejects nonces too short, too long, or with other characters', () => {
    for (const nonce of [
      'abcdEFG',
      'a'.repeat(65),
      'abcd efgh',
      'abcd.efgh',
      'abcdéfgh',
      'abcd\u0661efgh',
      'abcdefgh\n',
    ]) {
      expect(rule(() => EnrollPayloadModel.create({ ...valid, nonce }))).toEqual(['nonce:invalid_format'])
    }
    expect(() => EnrollPayloadModel.create({ ...valid, nonce: 'short' })).toThrow(
      /nonce: must be 8 to 64 characters from A-Z a-z 0-9 _ - \(invalid_format\)/,
    )
  })

  it('accepts challenges of 3 to 8 words of 4 to 10 ASCII word characters', () => {
    for (const challenge of [
      'abcd efgh ijkl',
      'w_1234 Zebra under_sc0r',
      Array(8).fill('abcdefghij').join(' '),
    ]) {
      expect(EnrollPayloadModel.create({ ...valid, challenge }).challenge).toBe(challenge)
    }
  })

  it('rejects other challenges, non-ASCII word characters included', () => {
    for (const challenge of [
      'abcd efgh', // 2 words
      Array(9).fill('abcd').join(' '), // 9 words
      'abc efgh ijkl', // a word of 3
      'abcdefghijk efgh ijkl', // a word of 11
      'abcd  efgh ijkl', // double space
      'abcd efgh ijkl ', // trailing space
      'abcd-efgh ijkl mnop', // not a word character
      'café efgh ijkl', // non-ASCII letter
      'abcd efgh ijk\u0661', // non-ASCII digit
      'abcd\tefgh ijkl', // tab
    ]) {
      expect(rule(() => EnrollPayloadModel.create({ ...valid, challenge }))).toEqual([
        'challenge:invalid_format',
      ])
    }
  })

  it('requires scope and hostname and rejects unknown fields', () => {
    expect(
      rule(() => EnrollPayloadModel.create({ nonce: valid.nonce, challenge: valid.challenge } as never)),
    ).toEqual(['scope:invalid_type', 'hostname:invalid_type'])
    expect(rule(() => EnrollPayloadModel.create({ ...valid, token: 'x' } as never))).toEqual([
      ':unrecognized_keys',
    ])
  })

  it('survives JSON serialization unchanged', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_]{4,10}$/)
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        fc.array(word, { minLength: 3, maxLength: 8 }),
        fc.string(),
        (nonce, words, hostname) => {
          const value = EnrollPayloadSchema.parse({ ...valid, nonce, challenge: words.join(' '), hostname })
          expect(EnrollPayloadSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('EnrollConfirmPayload', () => {
  const parse = (body: unknown) => parseModel('EnrollConfirmPayload', EnrollConfirmPayloadSchema, body)

  it('parses both outcomes as the 0.16.2 server sends them', () => {
    const token = '0123456789abcdef'.repeat(4)
    expect(parse({ outcome: 'confirm', token })).toEqual({ outcome: 'confirm', token })
    expect(parse({ outcome: 'cancel', token: null })).toEqual({ outcome: 'cancel', token: null })
    expect(parse({ outcome: 'cancel' }).token).toBeNull()
  })

  it('checks the token: 8 to 64 characters from A-Z a-z 0-9', () => {
    expect(parse({ outcome: 'confirm', token: 'Abcdefg8' }).token).toBe('Abcdefg8')
    for (const token of ['Abcdefg', 'a'.repeat(65), 'abcd_efgh', 'abcd-efgh', 'abcdéfgh']) {
      expect(rule(() => parse({ outcome: 'confirm', token }))).toEqual(['token:invalid_format'])
    }
  })

  it('rejects another outcome and unknown fields', () => {
    expect(rule(() => parse({ outcome: 'maybe' }))).toEqual(['outcome:invalid_value'])
    expect(rule(() => parse({ outcome: 'cancel', reason: 'x' }))).toEqual([':unrecognized_keys'])
  })
})
