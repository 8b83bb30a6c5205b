import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:environments` collections: no documented keys. */
export const EnvironmentsCollectionDataSchema = lazySchema(() => z.looseObject({}))
/** Data of an environments collection. */
export type EnvironmentsCollectionData = z.infer<typeof EnvironmentsCollectionDataSchema>

/** Per-item data of a system tarball or image in an environments collection. */
export const EnvironmentsItemDataSchema = lazySchema(() =>
  z.looseObject({
    codename: z.string(),
    architecture: z.string(),
    variant: z.string().nullable().optional(),
    backend: z.string().nullable().optional(),
  }),
)
/** Per-item data of an environments collection. */
export type EnvironmentsItemData = z.infer<typeof EnvironmentsItemDataSchema>
