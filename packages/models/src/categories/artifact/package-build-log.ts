import * as z from 'zod'
import { DoseDistCheckSchema } from './dose-dist-check.js'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:package-build-log` artifacts: the log of building `source` `version`,
 * stored as `filename` (ends `.build`), and the dose-debcheck report when the build
 * dependencies were not installable.
 */
export const PackageBuildLogDataSchema = lazySchema(() =>
  z.strictObject({
    source: z.string(),
    version: z.string(),
    architecture: z.string().nullable().default(null),
    filename: z.string(),
    bd_uninstallable: DoseDistCheckSchema.nullable().default(null),
  }),
)
/** Data of a package build log artifact. */
export type PackageBuildLogData = z.infer<typeof PackageBuildLogDataSchema>
