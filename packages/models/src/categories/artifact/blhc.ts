import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:blhc` artifacts: which build log was checked, when known. */
export const BlhcDataSchema = lazySchema(() =>
  z.strictObject({
    source: z.string().nullable().default(null),
    version: z.string().nullable().default(null),
    architecture: z.string().nullable().default(null),
  }),
)
/** Data of a blhc artifact. */
export type BlhcData = z.infer<typeof BlhcDataSchema>
