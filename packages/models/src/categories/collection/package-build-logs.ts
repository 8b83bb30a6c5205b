import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:package-build-logs` collections (one per workspace, named `_`): no documented keys. */
export const PackageBuildLogsCollectionDataSchema = lazySchema(() => z.looseObject({}))
/** Data of a package build logs collection. */
export type PackageBuildLogsCollectionData = z.infer<typeof PackageBuildLogsCollectionDataSchema>

/**
 * Per-item data of a build log in a package build logs collection; items are named
 * `{vendor}_{codename}_{architecture}_{srcpkg_name}_{srcpkg_version}_{work_request_id}`.
 */
export const PackageBuildLogsItemDataSchema = lazySchema(() =>
  z.looseObject({
    work_request_id: z.int().positive(),
    worker: z.string().nullable().optional(),
    vendor: z.string(),
    codename: z.string(),
    architecture: z.string(),
    srcpkg_name: z.string(),
    srcpkg_version: z.string(),
  }),
)
/** Per-item data of a package build logs collection. */
export type PackageBuildLogsItemData = z.infer<typeof PackageBuildLogsItemDataSchema>
