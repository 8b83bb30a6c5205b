import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

// dose-debcheck writes YAML with hyphenated keys; the wire keeps them hyphenated, so the
// schemas do too (no renaming to camel or snake case).

const optionalString = () => z.string().nullable().default(null)

/** Whether dose-debcheck found a package installable. */
export const DoseDistCheckStatus = Object.freeze({ BROKEN: 'broken', OK: 'ok' } as const)
/** A dose-debcheck package status. */
export type DoseDistCheckStatus = (typeof DoseDistCheckStatus)[keyof typeof DoseDistCheckStatus]

/** A package in a dependency chain: `{package, version, architecture?, depends?}`. */
export const DoseDistCheckDepchainPackageSchema = lazySchema(() =>
  z.strictObject({
    package: z.string(),
    version: z.string(),
    architecture: optionalString(),
    depends: optionalString(),
  }),
)
/** A package in a dependency chain. */
export type DoseDistCheckDepchainPackage = z.infer<typeof DoseDistCheckDepchainPackageSchema>

/** A dependency chain: `{depchain: [package, …]}`. */
export const DoseDistCheckDepchainSchema = lazySchema(() =>
  z.strictObject({
    depchain: z.array(DoseDistCheckDepchainPackageSchema),
  }),
)
/** A dependency chain. */
export type DoseDistCheckDepchain = z.infer<typeof DoseDistCheckDepchainSchema>

/** The package of a missing-dependency reason: `{package, version, architecture?, unsat-dependency?}`. */
export const DoseDistCheckMissingPackageSchema = lazySchema(() =>
  z.strictObject({
    package: z.string(),
    version: z.string(),
    architecture: optionalString(),
    'unsat-dependency': optionalString(),
  }),
)
/** The package of a missing-dependency reason. */
export type DoseDistCheckMissingPackage = z.infer<typeof DoseDistCheckMissingPackageSchema>

/** One side of a conflict: `{package, version, architecture?, unsat-conflict?}`. */
export const DoseDistCheckConflictPackageSchema = lazySchema(() =>
  z.strictObject({
    package: z.string(),
    version: z.string(),
    architecture: optionalString(),
    'unsat-conflict': optionalString(),
  }),
)
/** One side of a conflict. */
export type DoseDistCheckConflictPackage = z.infer<typeof DoseDistCheckConflictPackageSchema>

/** A reason of type "missing": an unsatisfiable dependency and the chains leading to it. */
export const DoseDistCheckMissingReasonSchema = lazySchema(() =>
  z.strictObject({
    missing: z.strictObject({
      pkg: DoseDistCheckMissingPackageSchema,
      depchains: z.array(DoseDistCheckDepchainSchema).default([]),
    }),
  }),
)
/** A reason of type "missing". */
export type DoseDistCheckMissingReason = z.infer<typeof DoseDistCheckMissingReasonSchema>

/** A reason of type "conflict": two packages that conflict and the chains leading to them. */
export const DoseDistCheckConflictReasonSchema = lazySchema(() =>
  z.strictObject({
    conflict: z.strictObject({
      pkg1: DoseDistCheckConflictPackageSchema,
      pkg2: DoseDistCheckConflictPackageSchema,
      depchain1: z.array(DoseDistCheckDepchainSchema).default([]),
      depchain2: z.array(DoseDistCheckDepchainSchema).default([]),
    }),
  }),
)
/** A reason of type "conflict". */
export type DoseDistCheckConflictReason = z.infer<typeof DoseDistCheckConflictReasonSchema>

/** One package of the report, with the reasons it is broken. */
export const DoseDistCheckPackageSchema = lazySchema(() =>
  z.strictObject({
    package: z.string(),
    version: z.string(),
    architecture: optionalString(),
    essential: z.boolean().nullable().default(null),
    type: optionalString(),
    source: optionalString(),
    status: z.enum(DoseDistCheckStatus),
    success: optionalString(),
    reasons: z.array(z.union([DoseDistCheckMissingReasonSchema, DoseDistCheckConflictReasonSchema])),
  }),
)
/** One package of a dose-debcheck report. */
export type DoseDistCheckPackage = z.infer<typeof DoseDistCheckPackageSchema>

/**
 * The output of `dose-debcheck` (the `bd_uninstallable` of a package build log), with its
 * hyphenated keys as on the wire.
 */
export const DoseDistCheckSchema = lazySchema(() =>
  z.strictObject({
    'output-version': z.string(),
    'native-architecture': optionalString(),
    'foreign-architecture': optionalString(),
    'host-architecture': optionalString(),
    report: z.array(DoseDistCheckPackageSchema),
    'total-packages': z.int().nonnegative(),
    'broken-packages': z.int().nonnegative(),
    'background-packages': z.int().nonnegative(),
    'foreground-packages': z.int().nonnegative(),
  }),
)
/** The output of `dose-debcheck`. */
export type DoseDistCheck = z.infer<typeof DoseDistCheckSchema>
