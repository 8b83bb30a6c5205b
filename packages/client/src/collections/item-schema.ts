import { LookupCollectionItemSchema, type LookupCollectionItem } from '@debusine-ts/models'

/**
 * An active item of a collection, as `GET /collection/{workspace}/{category}/{name}/item/`
 * describes it: `{ name, category, data }` — its name in the collection, the category of
 * its bare data or artifact, and its per-item data. The same shape as the item a lookup
 * reports, so the models' schema is reused.
 */
export const CollectionItemSchema = LookupCollectionItemSchema
/** An active item of a collection, as received. */
export type CollectionItem = LookupCollectionItem
