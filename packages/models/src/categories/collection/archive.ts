import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:archive` collections (one per workspace, named `_`). The server keeps
 * collection data free-form: documented keys are typed, others are kept.
 */
export const ArchiveCollectionDataSchema = lazySchema(() =>
  z.looseObject({
    may_reuse_versions: z.boolean().optional(),
    /** Fingerprints of the keys that sign the archive's suites. */
    signing_keys: z.array(z.string()).nullable().optional(),
  }),
)
/** Data of an archive collection. */
export type ArchiveCollectionData = z.infer<typeof ArchiveCollectionDataSchema>

/** Per-item data of a repository index in an archive collection. */
export const ArchiveItemDataSchema = lazySchema(() =>
  z.looseObject({
    path: z.string().optional(),
  }),
)
/** Per-item data of an archive collection. */
export type ArchiveItemData = z.infer<typeof ArchiveItemDataSchema>
