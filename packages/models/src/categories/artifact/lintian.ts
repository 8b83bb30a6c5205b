import * as z from 'zod'
import { LintianSeverity } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** The summary of a lintian run. */
export const LintianSummarySchema = lazySchema(() =>
  z.strictObject({
    tags_count_by_severity: z.partialRecord(z.enum(LintianSeverity), z.int().nonnegative()),
    package_filename: z.record(z.string(), z.string()),
    tags_found: z.array(z.string()),
    overridden_tags_found: z.array(z.string()),
    lintian_version: z.string(),
    distribution: z.string(),
  }),
)
/** The summary of a lintian run. */
export type LintianSummary = z.infer<typeof LintianSummarySchema>

/** Data of `debian:lintian` artifacts. */
export const LintianDataSchema = lazySchema(() =>
  z.strictObject({
    architecture: z.string().nullable().default(null),
    summary: LintianSummarySchema,
  }),
)
/** Data of a lintian artifact. */
export type LintianData = z.infer<typeof LintianDataSchema>
