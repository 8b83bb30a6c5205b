import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:binary-package` artifacts: the source it was built from, the fields of
 * its control paragraph (keys as spelled there) and the member names of its control.tar.
 */
export const BinaryPackageDataSchema = lazySchema(() =>
  z.strictObject({
    srcpkg_name: z.string(),
    srcpkg_version: z.string(),
    deb_fields: z.record(z.string(), z.string()),
    deb_control_files: z.array(z.string()),
  }),
)
/** Data of a binary package artifact. */
export type BinaryPackageData = z.infer<typeof BinaryPackageDataSchema>
