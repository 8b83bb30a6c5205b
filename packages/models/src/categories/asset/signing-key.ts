import * as z from 'zod'
import { KeyPurpose } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debusine:signing-key` assets. `public_key` is base64; `description` must be
 * present, though it may be null.
 */
export const SigningKeyDataSchema = lazySchema(() =>
  z.strictObject({
    purpose: z.enum(KeyPurpose),
    fingerprint: z.string().min(1),
    public_key: z.base64(),
    description: z.string().nullable(),
  }),
)
/** Data of a signing key asset. */
export type SigningKeyData = z.infer<typeof SigningKeyDataSchema>
