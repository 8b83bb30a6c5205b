import * as z from 'zod'
import { LookupChildType, LookupResultCode, LookupResultType } from '../enumerations.js'
import { defineModel } from '../model.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

// Lookups exist in two generations:
// - the earlier (seed) API, used by workers: requests name a `work_request`, results code
//   their type as `a`/`b`/`c` and carry `collection_item` as an id;
// - the 0.14.6+ API for users: requests name a `workspace` (and `workflow_root`), results
//   use full words and carry the item itself plus `collection_info`.
// Both parse; `normalizeLookupResult` turns either result into one `LookupResult`.

/**
 * A lookup naming one item: a string such as `sid@debian:suite/source:hello` or
 * `123@artifacts`, or the integer id of an artifact or collection.
 */
export const SingleLookupSchema = lazySchema(() => z.union([z.int(), z.string().min(1)]))
/** A lookup naming one item. */
export type SingleLookup = z.infer<typeof SingleLookupSchema>

const dictKnownKeys = new Set(['collection', 'child_type', 'category', 'name', 'error_on_empty'])
const dictPatternKeys = /^(?:data__.+|lookup__.+|name__(?:contains|endswith|in|startswith))$/

/**
 * A lookup of several items of a collection (multiple lookups only). Besides the fields
 * below it takes filters named `data__KEY`, `lookup__KEY` and `name__contains`,
 * `name__endswith`, `name__in`, `name__startswith`; any other key is rejected.
 *
 * @example
 * const lookup: LookupDict = { collection: 'sid@debian:suite', child_type: 'artifact', name__startswith: 'hello_' }
 */
export const LookupDictSchema = lazySchema(() =>
  z
    .looseObject({
      collection: z.string().min(1),
      child_type: z
        .enum([
          LookupChildType.BARE,
          LookupChildType.ARTIFACT,
          LookupChildType.COLLECTION,
          LookupChildType.ANY,
        ])
        .optional(),
      category: z.string().optional(),
      name: z.string().optional(),
      error_on_empty: z.boolean().optional(),
    })
    .superRefine((value, context) => {
      for (const key of Object.keys(value)) {
        if (!dictKnownKeys.has(key) && !dictPatternKeys.test(key)) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `unknown lookup key "${key}": expected collection, child_type, category, name, error_on_empty, data__KEY, lookup__KEY or name__(contains|endswith|in|startswith)`,
          })
        }
      }
    }),
)
/** A lookup of several items of a collection. */
export type LookupDict = z.infer<typeof LookupDictSchema>

/** A lookup naming several items: a list of single lookups and dicts, or one dict. */
export const MultipleLookupSchema = lazySchema(() =>
  z.union([z.array(z.union([z.int(), z.string().min(1), LookupDictSchema])), LookupDictSchema]),
)
/** A lookup naming several items. */
export type MultipleLookup = z.infer<typeof MultipleLookupSchema>

const expectType = () => z.enum(LookupChildType)

/** The body of a 0.14.6+ lookup request around `lookup`: both kinds take the same fields. */
function lookupRequest<Lookup extends z.ZodType>(lookup: Lookup) {
  return z.strictObject({
    lookup,
    expect_type: expectType(),
    workspace: z.string().optional(),
    default_category: z.string().nullable().default(null),
    workflow_root: z.int().nullable().optional(),
  })
}

/**
 * The body of `POST /lookup/single/` for 0.14.6+ servers. `workspace` is the workspace the
 * lookup is resolved in (the server's default workspace when omitted); `workflow_root`
 * brings the workflow's `internal@collections` into scope. Unknown fields are rejected.
 *
 * @example
 * LookupSingleRequestModel.create({ lookup: 'trixie@debian:suite', expect_type: LookupChildType.COLLECTION, workspace: 'System' })
 */
export const LookupSingleRequestSchema = lazySchema(() => lookupRequest(SingleLookupSchema))
/** The body of a single lookup (0.14.6+). */
export type LookupSingleRequest = z.infer<typeof LookupSingleRequestSchema>
/** Build and update validated {@link LookupSingleRequest} values. */
export const LookupSingleRequestModel = defineModel('LookupSingleRequest', LookupSingleRequestSchema)

/** The body of `POST /lookup/multiple/` for 0.14.6+ servers; see {@link LookupSingleRequestSchema}. */
export const LookupMultipleRequestSchema = lazySchema(() => lookupRequest(MultipleLookupSchema))
/** The body of a multiple lookup (0.14.6+). */
export type LookupMultipleRequest = z.infer<typeof LookupMultipleRequestSchema>
/** Build and update validated {@link LookupMultipleRequest} values. */
export const LookupMultipleRequestModel = defineModel('LookupMultipleRequest', LookupMultipleRequestSchema)

/** The collection item a lookup went through (0.14.6+). */
export const LookupCollectionItemSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    category: z.string(),
    data: JsonObjectSchema,
  }),
)
/** The collection item a lookup went through. */
export type LookupCollectionItem = z.infer<typeof LookupCollectionItemSchema>

/** Name and category of a collection a lookup found (0.14.6+). */
export const LookupCollectionInfoSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    category: z.string(),
  }),
)
/** Name and category of a collection a lookup found. */
export type LookupCollectionInfo = z.infer<typeof LookupCollectionInfoSchema>

/**
 * The result of a single lookup from a 0.14.6+ server: `result_type` is a full word
 * (`artifact`, `bare`, `collection`). Use {@link normalizeLookupResult} to get one shape
 * for both generations.
 */
export const LookupSingleResponseSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    result_type: openEnum(LookupResultType),
    collection_item: LookupCollectionItemSchema.nullable().default(null),
    parent_collection_lookup: z.string().nullable().default(null),
    artifact: z.int().nullable().default(null),
    collection: z.int().nullable().default(null),
    collection_info: LookupCollectionInfoSchema.nullable().default(null),
  }),
)
/** The result of a single lookup (0.14.6+). */
export type LookupSingleResponse = z.infer<typeof LookupSingleResponseSchema>

/**
 * The result of a single lookup from a server of the earlier API: `result_type` is a code
 * (`a`, `b`, `c`) and `collection_item` the id of the item.
 */
export const LegacyLookupSingleResponseSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    result_type: z.enum(LookupResultCode),
    collection_item: z.int().nullable().default(null),
    artifact: z.int().nullable().default(null),
    collection: z.int().nullable().default(null),
  }),
)
/** The result of a single lookup (earlier API). */
export type LegacyLookupSingleResponse = z.infer<typeof LegacyLookupSingleResponseSchema>

/**
 * The result of a single lookup from a server of either generation. The earlier shape is
 * tried first: its result codes are a closed set, while a newer server may add words.
 */
export const AnyLookupSingleResponseSchema = lazySchema(() =>
  z.union([LegacyLookupSingleResponseSchema, LookupSingleResponseSchema]),
)
/** The result of a single lookup, from either generation. */
export type AnyLookupSingleResponse = z.infer<typeof AnyLookupSingleResponseSchema>

/** The result of a multiple lookup: a plain list of single results. */
export const LookupMultipleResponseSchema = lazySchema(() => z.array(AnyLookupSingleResponseSchema))
/** The result of a multiple lookup. */
export type LookupMultipleResponse = z.infer<typeof LookupMultipleResponseSchema>

/**
 * The result of a lookup with `expect_type: 'artifact'`, from either generation:
 * `artifact` is the artifact's id.
 */
export const LookupArtifactResponseSchema = lazySchema(() =>
  z.union([
    LegacyLookupSingleResponseSchema.extend({
      result_type: z.literal(LookupResultCode.ARTIFACT),
      artifact: z.int(),
    }),
    LookupSingleResponseSchema.extend({
      result_type: z.literal(LookupResultType.ARTIFACT),
      artifact: z.int(),
    }),
  ]),
)
/** The result of a lookup that found an artifact. */
export type LookupArtifactResponse = z.infer<typeof LookupArtifactResponseSchema>

/**
 * The result of a lookup with `expect_type: 'collection'`, from either generation: the
 * earlier API sends the collection's id; 0.14.6+ sends `collection_info` (and the id).
 */
export const LookupCollectionResponseSchema = lazySchema(() =>
  z.union([
    LegacyLookupSingleResponseSchema.extend({
      result_type: z.literal(LookupResultCode.COLLECTION),
      collection: z.int(),
    }),
    LookupSingleResponseSchema.extend({ result_type: z.literal(LookupResultType.COLLECTION) }).refine(
      (value) => value.collection !== null || value.collection_info !== null,
      { message: 'a collection result needs collection or collection_info', path: ['collection_info'] },
    ),
  ]),
)
/** The result of a lookup that found a collection. */
export type LookupCollectionResponse = z.infer<typeof LookupCollectionResponseSchema>

/**
 * The result of a lookup as callers get it, whatever the server's generation: the type is
 * a full word, and the collection item is given as an object (0.14.6+) or only by its id
 * (earlier API).
 */
export const LookupResultSchema = lazySchema(() =>
  z.strictObject({
    result_type: openEnum(LookupResultType),
    artifact: z.int().nullable(),
    collection: z.int().nullable(),
    collection_item: LookupCollectionItemSchema.nullable(),
    collection_item_id: z.int().nullable(),
    collection_info: LookupCollectionInfoSchema.nullable(),
    parent_collection_lookup: z.string().nullable(),
    links: LinksSchema,
  }),
)
/** The result of a lookup, normalized. */
export type LookupResult = z.infer<typeof LookupResultSchema>
/** A normalized lookup result that found an artifact. */
export type LookupArtifactResult = LookupResult & { result_type: 'artifact'; artifact: number }
/** A normalized lookup result that found a collection. */
export type LookupCollectionResult = LookupResult & { result_type: 'collection' }

const wordOfCode: Readonly<Record<LookupResultCode, LookupResultType>> = {
  [LookupResultCode.ARTIFACT]: LookupResultType.ARTIFACT,
  [LookupResultCode.BARE]: LookupResultType.BARE,
  [LookupResultCode.COLLECTION]: LookupResultType.COLLECTION,
}

function isResultCode(value: string): value is LookupResultCode {
  return Object.hasOwn(wordOfCode, value)
}

/**
 * Turn a lookup result of either generation into the one shape callers get.
 * @example
 * normalizeLookupResult({ links: {}, result_type: 'a', collection_item: 4, artifact: 7, collection: null })
 * // → { result_type: 'artifact', artifact: 7, collection_item_id: 4, collection_item: null, … }
 */
export function normalizeLookupResult(response: LookupArtifactResponse): LookupArtifactResult
export function normalizeLookupResult(response: LookupCollectionResponse): LookupCollectionResult
export function normalizeLookupResult(response: AnyLookupSingleResponse): LookupResult
export function normalizeLookupResult(response: AnyLookupSingleResponse): LookupResult {
  const resultType = isResultCode(response.result_type)
    ? wordOfCode[response.result_type]
    : response.result_type
  const item = response.collection_item
  const modern = 'collection_info' in response ? (response as LookupSingleResponse) : undefined
  return {
    result_type: resultType,
    artifact: response.artifact,
    collection: response.collection,
    collection_item: typeof item === 'number' ? null : item,
    collection_item_id: typeof item === 'number' ? item : null,
    collection_info: modern?.collection_info ?? null,
    parent_collection_lookup: modern?.parent_collection_lookup ?? null,
    links: { ...response.links },
  }
}
