import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:binary-packages` artifacts: binary packages of one source and
 * architecture; `packages` holds the package names.
 */
export const BinaryPackagesDataSchema = lazySchema(() =>
  z.strictObject({
    srcpkg_name: z.string(),
    srcpkg_version: z.string(),
    version: z.string(),
    architecture: z.string(),
    packages: z.array(z.string()),
  }),
)
/** Data of a binary packages artifact. */
export type BinaryPackagesData = z.infer<typeof BinaryPackagesDataSchema>
