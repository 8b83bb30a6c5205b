import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:suite` collections. Free-form on the server: documented keys are typed,
 * others are kept; `exported` and `remove_superseded_versions` default to true.
 */
export const SuiteCollectionDataSchema = lazySchema(() =>
  z.looseObject({
    components: z.array(z.string()).optional(),
    architectures: z.array(z.string()).optional(),
    /** Extra fields for the suite's `Release` file. */
    release_fields: z.record(z.string(), z.string()).optional(),
    may_reuse_versions: z.boolean().optional(),
    may_rewind_versions: z.boolean().optional(),
    duplicate_architecture_all: z.boolean().optional(),
    /** Fingerprints of the keys that sign the suite. */
    signing_keys: z.array(z.string()).nullable().optional(),
    exported: z.boolean().default(true),
    remove_superseded_versions: z.boolean().default(true),
  }),
)
/** Data of a suite collection. */
export type SuiteCollectionData = z.infer<typeof SuiteCollectionDataSchema>

/**
 * Variables given when adding a package to a suite. Items are named `NAME_VERSION`
 * (source) or `NAME_VERSION_ARCH` (binary).
 */
export const SuiteItemVariablesSchema = lazySchema(() =>
  z.looseObject({
    component: z.string().optional(),
    section: z.string().optional(),
    priority: z.string().optional(),
    build_id: z.string().optional(),
  }),
)
/** Variables given when adding a package to a suite. */
export type SuiteItemVariables = z.infer<typeof SuiteItemVariablesSchema>
