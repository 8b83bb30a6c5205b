import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:piuparts` artifacts: the tested binary packages (name to version). */
export const PiupartsDataSchema = lazySchema(() =>
  z.strictObject({
    piuparts_version: z.string(),
    binary_packages: z.record(z.string(), z.string()),
    architecture: z.string(),
    distribution: z.string(),
  }),
)
/** Data of a piuparts artifact. */
export type PiupartsData = z.infer<typeof PiupartsDataSchema>
