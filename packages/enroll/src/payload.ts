import { EnrollPayloadModel, ValidationError, type EnrollPayload, type Frozen } from '@debusine-ts/models'
import { challengeWords } from './internal/challenge-words.js'
import { base64Url, randomBytes, randomIndex } from './internal/random.js'

/** How many random bytes a nonce carries (22 characters once encoded). */
const nonceBytes = 16
/** How many words a challenge has by default, as the Python client. */
const defaultChallengeWords = 6

/**
 * A new enrollment nonce: 16 random bytes as URL-safe base64 without padding (22
 * characters from `A-Z a-z 0-9 _ -`). It identifies the enrollment and is part of the
 * confirmation address, so only the user who is shown that address can confirm it.
 *
 * @example
 * generateNonce() // 'q1R9vXc0b7Hk2Zp_Ls-4wA'
 */
export function generateNonce(): string {
  return base64Url(randomBytes(nonceBytes))
}

/**
 * A new challenge: random lowercase words of 5 to 8 letters separated by single spaces,
 * for the user to compare with what the confirmation page shows.
 *
 * @param words how many words, 3 to 8 (the server's rule); default 6
 * @throws {ValidationError} when `words` is not an integer from 3 to 8
 * @example
 * generateChallenge() // 'garden velvet orbit parcel lantern smooth'
 */
export function generateChallenge(words: number = defaultChallengeWords): string {
  if (!Number.isInteger(words) || words < 3 || words > 8) {
    throw new ValidationError('challenge', [
      {
        path: 'words',
        rule: 'too_small_or_big',
        message: `must be an integer from 3 to 8, got ${String(words)}`,
      },
    ])
  }
  return Array.from({ length: words }, () => challengeWords[randomIndex(challengeWords.length)]!).join(' ')
}

/** What {@link createEnrollPayload} builds a payload from. */
export interface EnrollPayloadInput {
  /** The scope the token is meant for; shown on the confirmation page (which warns when it does not exist). */
  scope: string
  /** This machine's name; shown on the confirmation page and written in the token's comment. */
  hostname: string
  /** The nonce; a new one from {@link generateNonce} when unset. */
  nonce?: string | undefined
  /** The challenge; a new one from {@link generateChallenge} when unset. */
  challenge?: string | undefined
}

/**
 * Build a validated enrollment payload, generating the nonce and the challenge unless given.
 *
 * @throws {ValidationError} naming the field and the rule when a value breaks the server's rules
 * @example
 * const payload = createEnrollPayload({ scope: 'debian', hostname: 'laptop' })
 */
export function createEnrollPayload(input: EnrollPayloadInput): Frozen<EnrollPayload> {
  return EnrollPayloadModel.create({
    nonce: input.nonce ?? generateNonce(),
    challenge: input.challenge ?? generateChallenge(),
    scope: input.scope,
    hostname: input.hostname,
  })
}
