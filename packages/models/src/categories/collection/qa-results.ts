import * as z from 'zod'
import { LookupSingleValueSchema } from '../lookup-single.js'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debian:qa-results` collections: the suite the results are about (a lookup,
 * required) and how many old results to keep per package (default 5).
 */
export const QaResultsCollectionDataSchema = lazySchema(() =>
  z.looseObject({
    suite_collection: LookupSingleValueSchema,
    old_items_to_keep: z.int().nonnegative().default(5),
  }),
)
/** Data of a QA results collection. */
export type QaResultsCollectionData = z.infer<typeof QaResultsCollectionDataSchema>
