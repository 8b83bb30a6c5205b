import {
  CollectionCreateRequestSchema,
  lazySchema,
  parseModel,
  type Collection,
  type JsonObject,
} from '@debusine-ts/models'
import * as z from 'zod'

/**
 * The body of `PATCH /collection/{workspace}/{id}/`: the whole collection, as received
 * (the server ignores `links`, `stats` and unknown keys, so they are not sent). The
 * category cannot change and the name must stay valid; both are checked by the server.
 */
export const CollectionUpdateRequestSchema = lazySchema(() =>
  CollectionCreateRequestSchema.extend({
    id: z.int().positive(),
  }),
)
/** The body that updates a collection. */
export type CollectionUpdateRequest = z.infer<typeof CollectionUpdateRequestSchema>

/** A collection to update: one received from the server, changed where needed. */
export interface CollectionUpdate {
  /** The collection's id (not changeable). */
  readonly id: number
  /** The new name, or the current one. */
  readonly name: string
  /** The category; the server refuses to change it. */
  readonly category: string
  /** Days of full history to keep; null for unlimited. */
  readonly full_history_retention_period?: number | null | undefined
  /** Days of metadata-only history to keep; null for unlimited. */
  readonly metadata_only_retention_period?: number | null | undefined
  /** The collection's data. */
  readonly data: Readonly<JsonObject>
}

/**
 * Validate the body of a collection update, keeping only the fields the server reads.
 * @throws {ValidationError} naming the field and the rule
 */
export function collectionUpdateRequest(collection: CollectionUpdate | Collection): CollectionUpdateRequest {
  return parseModel('CollectionUpdateRequest', CollectionUpdateRequestSchema, {
    id: collection.id,
    name: collection.name,
    category: collection.category,
    full_history_retention_period: collection.full_history_retention_period ?? null,
    metadata_only_retention_period: collection.metadata_only_retention_period ?? null,
    data: collection.data,
  })
}
