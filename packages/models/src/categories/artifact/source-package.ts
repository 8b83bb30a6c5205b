import * as z from 'zod'
import { DscFieldsSchema, PackageType } from '../deb822-fields.js'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:source-package` artifacts: the package's name, version and parsed `.dsc`. */
export const SourcePackageDataSchema = lazySchema(() =>
  z.strictObject({
    name: z.string(),
    version: z.string(),
    type: z.literal(PackageType.DPKG),
    dsc_fields: DscFieldsSchema,
  }),
)
/** Data of a source package artifact. */
export type SourcePackageData = z.infer<typeof SourcePackageDataSchema>
