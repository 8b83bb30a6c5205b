import * as z from 'zod'
import { AssetCategory } from '../enumerations.js'
import { defineModel } from '../model.js'
import { DateTimeSchema } from './datetime.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { ASSET_DATA_SCHEMAS } from '../categories/asset/index.js'
import { lazySchema } from '../lazy-schema.js'

/** Check `data` against the data model of a known category (a newer server's unknown ones pass). */
function checkAssetData(
  asset: { category: string; data: Record<string, unknown> },
  context: z.RefinementCtx,
): void {
  const schema = (ASSET_DATA_SCHEMAS as Partial<Record<string, z.ZodType>>)[asset.category]
  const result = schema?.safeParse(asset.data)
  for (const issue of result?.success === false ? result.error.issues : [])
    context.addIssue({ ...issue, path: ['data', ...issue.path] })
}

/**
 * The body of `POST /asset/`. `data` is a plain map that the server validates against the
 * category's data model (the earlier client shape took a typed model; its JSON is the same
 * map). Unknown fields are rejected.
 *
 * @example
 * AssetCreateRequestModel.create({ category: AssetCategory.SIGNING_KEY, data: { purpose: 'uefi', fingerprint: '0123ABCD', public_key: '…', description: null }, workspace: 'System' })
 */
export const AssetCreateRequestSchema = lazySchema(() =>
  z
    .strictObject({
      category: z.enum(AssetCategory),
      data: JsonObjectSchema,
      work_request: z.int().nullable().default(null),
      workspace: z.string(),
    })
    .superRefine(checkAssetData),
)
/** The body that creates an asset. */
export type AssetCreateRequest = z.infer<typeof AssetCreateRequestSchema>
/** Build and update validated {@link AssetCreateRequest} values. */
export const AssetCreateRequestModel = defineModel('AssetCreateRequest', AssetCreateRequestSchema)

/**
 * An asset as the server describes it; `data` is validated against its category's data
 * model. The 0.16.2 server also sends `created_at` and `scope`, and no `links`.
 */
export const AssetSchema = lazySchema(() =>
  z
    .looseObject({
      links: LinksSchema,
      id: z.int(),
      category: openEnum(AssetCategory),
      data: JsonObjectSchema,
      work_request: z.int().nullable().default(null),
      workspace: z.string(),
      created_at: DateTimeSchema.optional(),
      scope: z.string().optional(),
    })
    .superRefine(checkAssetData),
)
/** An asset, as received. */
export type Asset = z.infer<typeof AssetSchema>

/** The answer to `GET /asset/`: a plain list (not paginated). */
export const AssetListSchema = lazySchema(() => z.array(AssetSchema))
/** A list of assets, as received. */
export type AssetList = z.infer<typeof AssetListSchema>

/**
 * The answer to an asset permission check. 0.16.2 always sends every field; the earlier
 * client shape defaulted `username`, `user_id` and `resource` to null, so missing ones
 * parse as null.
 */
export const AssetPermissionCheckResponseSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    has_permission: z.boolean(),
    username: z.string().nullable().default(null),
    user_id: z.int().nullable().default(null),
    resource: JsonObjectSchema.nullable().default(null),
  }),
)
/** The answer to an asset permission check. */
export type AssetPermissionCheckResponse = z.infer<typeof AssetPermissionCheckResponseSchema>
