import * as z from 'zod'
import { CollectionCategory } from '../enumerations.js'
import { defineModel } from '../model.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The names the server accepts for a collection: `_` (the name of singleton collections)
 * or a letter followed by letters, digits and `+._-`.
 */
export const CollectionNameSchema = lazySchema(() =>
  z
    .string()
    .regex(
      /^(?:_|[A-Za-z][A-Za-z0-9+._-]*)$/,
      'must be "_" or start with a letter followed by A-Z a-z 0-9 + . _ -',
    ),
)

/** A retention period in whole days; null means unlimited. */
const retentionPeriod = () => z.int().nullable().default(null)

/**
 * One entry of a collection's `stats` (sent only when asked for with `?stats=1`): how many
 * active or inactive items of one type and category the collection holds.
 */
export const CollectionStatsEntrySchema = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    category: z.string(),
    active: z.boolean(),
    count: z.int(),
  }),
)
/** One entry of a collection's statistics. */
export type CollectionStatsEntry = z.infer<typeof CollectionStatsEntrySchema>

/**
 * A collection as the server describes it. A collection is identified in its workspace by
 * category and name. Send it back whole to update it.
 */
export const CollectionSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    name: z.string(),
    category: openEnum(CollectionCategory),
    full_history_retention_period: retentionPeriod(),
    metadata_only_retention_period: retentionPeriod(),
    data: JsonObjectSchema,
    stats: z.array(CollectionStatsEntrySchema).nullable().default(null),
  }),
)
/** A collection, as received. */
export type Collection = z.infer<typeof CollectionSchema>

/**
 * The body of `POST /collection/{workspace}/`. Unknown fields are rejected.
 * @example
 * CollectionCreateRequestModel.create({ name: 'trixie', category: CollectionCategory.SUITE, data: {} })
 */
export const CollectionCreateRequestSchema = lazySchema(() =>
  z.strictObject({
    name: CollectionNameSchema,
    category: openEnum(CollectionCategory),
    full_history_retention_period: retentionPeriod(),
    metadata_only_retention_period: retentionPeriod(),
    data: JsonObjectSchema,
  }),
)
/** The body that creates a collection. */
export type CollectionCreateRequest = z.infer<typeof CollectionCreateRequestSchema>
/** Build and update validated {@link CollectionCreateRequest} values. */
export const CollectionCreateRequestModel = defineModel(
  'CollectionCreateRequest',
  CollectionCreateRequestSchema,
)
