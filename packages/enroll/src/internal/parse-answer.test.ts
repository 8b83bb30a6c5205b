import { ResponseValidationError } from '@debusine-ts/models'
import { REDACTED } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import { parseAnswer } from './parse-answer.js'

const token = 'a'.repeat(20) + 'B9'.repeat(12)

function refusal(text: string): ResponseValidationError {
  try {
    parseAnswer(text)
  } catch (error) {
    if (ResponseValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('parseAnswer accepted the answer')
}

describe('parseAnswer', () => {
  it('reads the outcome after keep-alive whitespace', () => {
    expect(parseAnswer(`\n \n{"outcome": "confirm", "token": "${token}"}`)).toMatchObject({ token })
  })

  it('hides the minted token from the body kept by an error for an answer that is not JSON', () => {
    const error = refusal(`{"outcome": "confirm", "token": "${token}"`)
    expect(error.body).toBe(`{"outcome": "confirm", "token": "${REDACTED}"`)
  })

  it('hides a token cut off by the end of the answer', () => {
    const error = refusal(`{"outcome": "confirm", "token": "${token.slice(0, 30)}`)
    expect(JSON.stringify(error.body)).not.toContain(token.slice(0, 30))
  })

  it('hides the token from the parsed body of an answer of the wrong shape, keeping the rest', () => {
    const error = refusal(`{"outcome": 7, "token": "${token}"}`)
    expect(error.body).toEqual({ outcome: 7, token: REDACTED })
  })
})
