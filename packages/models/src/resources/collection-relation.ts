import * as z from 'zod'
import { CollectionRelationType } from '../enumerations.js'
import { openEnum } from './open-enum.js'
import { paginatedSchema } from './pagination.js'
import { lazySchema } from '../lazy-schema.js'

/** A collection named by name and category, as relations carry it. */
export const CollectionRelationEndSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    category: z.string(),
  }),
)
/** A collection at either end of a relation. */
export type CollectionRelationEnd = z.infer<typeof CollectionRelationEndSchema>

/**
 * A relation from a source collection to a target collection (`suite-requires`, …), as
 * `GET /collection-relation/{workspace}/` lists it. `position` orders the targets of
 * `suite-requires` (1, 2, …); it is null for the other types.
 */
export const CollectionRelationSchema = lazySchema(() =>
  z.looseObject({
    source_collection: CollectionRelationEndSchema,
    target_collection: CollectionRelationEndSchema,
    type: openEnum(CollectionRelationType),
    position: z.int().nullable().default(null),
  }),
)
/** A relation between two collections, as received. */
export type CollectionRelation = z.infer<typeof CollectionRelationSchema>

/** One page of collection relations. */
export const CollectionRelationPageSchema = lazySchema(() => paginatedSchema(CollectionRelationSchema))

/**
 * The body of `PUT /collection-relation/{workspace}/{NAME@CATEGORY}/{type}/`, and its
 * answer: the new targets, in order. Unknown fields are rejected in what we send.
 */
export const CollectionRelationTargetsRequestSchema = lazySchema(() =>
  z.strictObject({
    targets: z.array(z.strictObject({ name: z.string().min(1), category: z.string().min(1) })),
  }),
)
/** The targets that replace a source collection's relations of one type. */
export type CollectionRelationTargetsRequest = z.infer<typeof CollectionRelationTargetsRequestSchema>

/** The server's answer to a replacement: the targets now related, in order. */
export const CollectionRelationTargetsSchema = lazySchema(() =>
  z.looseObject({
    targets: z.array(CollectionRelationEndSchema),
  }),
)
/** The targets of a source collection's relations of one type, as received. */
export type CollectionRelationTargets = z.infer<typeof CollectionRelationTargetsSchema>
