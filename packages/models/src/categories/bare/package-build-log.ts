import * as z from 'zod'
import { DoseDistCheckSchema } from '../artifact/dose-dist-check.js'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:package-build-log` bare items: a build log known without its file. */
export const BarePackageBuildLogDataSchema = lazySchema(() =>
  z.strictObject({
    source: z.string(),
    version: z.string(),
    architecture: z.string().nullable().default(null),
    bd_uninstallable: DoseDistCheckSchema.nullable().default(null),
  }),
)
/** Data of a bare package build log. */
export type BarePackageBuildLogData = z.infer<typeof BarePackageBuildLogDataSchema>
