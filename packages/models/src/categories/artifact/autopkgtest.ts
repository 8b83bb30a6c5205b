import * as z from 'zod'
import { AutopkgtestResultStatus } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** The result of one autopkgtest test. */
export const AutopkgtestTestResultSchema = lazySchema(() =>
  z.strictObject({
    status: z.enum(AutopkgtestResultStatus),
    details: z.string().nullable().default(null),
  }),
)
/** The result of one autopkgtest test. */
export type AutopkgtestTestResult = z.infer<typeof AutopkgtestTestResultSchema>

/** The source package an autopkgtest run tested. */
export const AutopkgtestSourcePackageSchema = lazySchema(() =>
  z.strictObject({
    name: z.string(),
    version: z.string(),
    url: z.url(),
  }),
)
/** The source package an autopkgtest run tested. */
export type AutopkgtestSourcePackage = z.infer<typeof AutopkgtestSourcePackageSchema>

/** Data of `debian:autopkgtest` artifacts: results by test name. */
export const AutopkgtestDataSchema = lazySchema(() =>
  z.strictObject({
    results: z.record(z.string(), AutopkgtestTestResultSchema),
    cmdline: z.string(),
    source_package: AutopkgtestSourcePackageSchema,
    architecture: z.string(),
    distribution: z.string(),
  }),
)
/** Data of an autopkgtest artifact. */
export type AutopkgtestData = z.infer<typeof AutopkgtestDataSchema>
