import * as z from 'zod'
import { AptAuthenticationScheme } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** HTTP basic authentication to an APT repository. */
export const BasicAptAuthenticationDataSchema = lazySchema(() =>
  z.strictObject({
    auth_scheme: z.literal(AptAuthenticationScheme.BASIC),
    name: z.string().min(1),
    credentials: z.strictObject({ username: z.string(), password: z.string() }),
  }),
)
/** HTTP basic authentication to an APT repository. */
export type BasicAptAuthenticationData = z.infer<typeof BasicAptAuthenticationDataSchema>

/** Data of `debian:apt-authentication` assets, told apart by `auth_scheme` (which must be present). */
export const AptAuthenticationDataSchema = lazySchema(() =>
  z.discriminatedUnion('auth_scheme', [BasicAptAuthenticationDataSchema]),
)
/** Data of an APT authentication asset. */
export type AptAuthenticationData = z.infer<typeof AptAuthenticationDataSchema>
