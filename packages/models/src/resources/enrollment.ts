import * as z from 'zod'
import { EnrollOutcome } from '../enumerations.js'
import { defineModel } from '../model.js'
import { lazySchema } from '../lazy-schema.js'

/** An enrollment nonce: 8 to 64 characters from `A-Z a-z 0-9 _ -`. */
export const ENROLL_NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
/**
 * An enrollment challenge: 3 to 8 words separated by single spaces, each of 4 to 10 ASCII
 * word characters (`A-Z a-z 0-9 _`). Without the `u` flag `\w` is ASCII-only in JavaScript.
 */
export const ENROLL_CHALLENGE_PATTERN = /^\w{4,10}(?: \w{4,10}){2,7}$/
/** An API token issued by enrollment: 8 to 64 characters from `A-Z a-z 0-9`. */
export const API_TOKEN_PATTERN = /^[A-Za-z0-9]{8,64}$/

/**
 * What a client sends to `POST /api/enroll/` to ask for a token: `nonce` identifies the
 * enrollment, `challenge` is the text the user compares in the web UI, `scope` and
 * `hostname` are shown there (and the host name goes into the token's comment). Unknown
 * fields are rejected.
 *
 * @example
 * EnrollPayloadModel.create({ nonce: 'AbCdEf0123456789_-xyzQ', challenge: 'apple banana cherry dates', scope: 'debian', hostname: 'laptop' })
 */
export const EnrollPayloadSchema = lazySchema(() =>
  z.strictObject({
    nonce: z.string().regex(ENROLL_NONCE_PATTERN, 'must be 8 to 64 characters from A-Z a-z 0-9 _ -'),
    challenge: z
      .string()
      .regex(
        ENROLL_CHALLENGE_PATTERN,
        'must be 3 to 8 words separated by single spaces, each of 4 to 10 ASCII letters, digits or _',
      ),
    scope: z.string(),
    hostname: z.string(),
  }),
)
/** The payload of an enrollment request. */
export type EnrollPayload = z.infer<typeof EnrollPayloadSchema>
/** Build and update validated {@link EnrollPayload} values. */
export const EnrollPayloadModel = defineModel('EnrollPayload', EnrollPayloadSchema)

/**
 * The server's final answer to an enrollment: the user confirmed (with a new token) or
 * cancelled (token null). Unknown fields are rejected.
 */
export const EnrollConfirmPayloadSchema = lazySchema(() =>
  z.strictObject({
    outcome: z.enum(EnrollOutcome),
    token: z
      .string()
      .regex(API_TOKEN_PATTERN, 'must be 8 to 64 characters from A-Z a-z 0-9')
      .nullable()
      .default(null),
  }),
)
/** The server's answer to an enrollment. */
export type EnrollConfirmPayload = z.infer<typeof EnrollConfirmPayloadSchema>
