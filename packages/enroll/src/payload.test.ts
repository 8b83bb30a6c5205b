import { ENROLL_CHALLENGE_PATTERN, ENROLL_NONCE_PATTERN, ValidationError } from '@debusine-ts/models'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { challengeWords } from './internal/challenge-words.js'
import { base64Url, randomIndex } from './internal/random.js'
import { createEnrollPayload, generateChallenge, generateNonce } from './payload.js'

const wordSet = new Set(challengeWords)

describe('the word list', () => {
  it('holds hundreds of distinct lowercase words of 5 to 8 letters', () => {
    expect(challengeWords.length).toBeGreaterThanOrEqual(500)
    expect(wordSet.size).toBe(challengeWords.length)
    for (const word of challengeWords) expect(word).toMatch(/^[a-z]{5,8}$/)
  })
})

describe('generateNonce', () => {
  it('gives 22 URL-safe base64 characters that satisfy the server pattern, never twice', () => {
    const seen = new Set<string>()
    fc.assert(
      fc.property(fc.nat(), () => {
        const nonce = generateNonce()
        expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/)
        expect(nonce).toMatch(ENROLL_NONCE_PATTERN)
        expect(seen.has(nonce)).toBe(false)
        seen.add(nonce)
      }),
      { numRuns: 500 },
    )
  })

  it('encodes bytes as URL-safe base64 without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const encoded = base64Url(bytes)
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(Buffer.from(encoded, 'base64url').equals(Buffer.from(bytes))).toBe(true)
      }),
    )
  })
})

describe('generateChallenge', () => {
  it('gives words of the list, as many as asked, that satisfy the server pattern', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), (count) => {
        const challenge = generateChallenge(count)
        expect(challenge).toMatch(ENROLL_CHALLENGE_PATTERN)
        const words = challenge.split(' ')
        expect(words).toHaveLength(count)
        for (const word of words) expect(wordSet.has(word)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('defaults to six words, as the Python client', () => {
    expect(generateChallenge().split(' ')).toHaveLength(6)
  })

  it('refuses a word count the server would refuse', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 2 }), fc.integer({ min: 9 }), fc.double({ noInteger: true })),
        (count) => {
          expect(() => generateChallenge(count)).toThrow(ValidationError)
        },
      ),
    )
  })

  it('draws every index of the list with roughly equal chances', () => {
    const counts = new Array<number>(7).fill(0)
    for (let draw = 0; draw < 7000; draw += 1) counts[randomIndex(7)]! += 1
    for (const count of counts) expect(count).toBeGreaterThan(800)
  })
})

describe('createEnrollPayload', () => {
  it('builds a valid payload from any scope and host name', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (scope, hostname) => {
        const payload = createEnrollPayload({ scope, hostname })
        expect(payload.nonce).toMatch(ENROLL_NONCE_PATTERN)
        expect(payload.challenge).toMatch(ENROLL_CHALLENGE_PATTERN)
        expect(payload).toMatchObject({ scope, hostname })
        expect(Object.isFrozen(payload)).toBe(true)
      }),
    )
  })

  it('names the field and the rule of a bad nonce or challenge', () => {
    const error = (() => {
      try {
        createEnrollPayload({ scope: 's', hostname: 'h', nonce: 'short', challenge: 'one two' })
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).message).toMatch(/nonce: must be 8 to 64 characters/)
    expect((error as ValidationError).message).toMatch(/challenge: must be 3 to 8 words/)
  })
})
