import type { z } from 'zod'
import { AssetCategory } from '../../enumerations.js'
import { AptAuthenticationDataSchema } from './apt-authentication.js'
import { CloudProviderAccountDataSchema } from './cloud-provider-account.js'
import { SigningKeyDataSchema } from './signing-key.js'
import { schemaForCategory } from '../unknown-category.js'

/** The data schema of every asset category. */
export const ASSET_DATA_SCHEMAS = Object.freeze({
  [AssetCategory.CLOUD_PROVIDER_ACCOUNT]: CloudProviderAccountDataSchema,
  [AssetCategory.SIGNING_KEY]: SigningKeyDataSchema,
  [AssetCategory.APT_AUTHENTICATION]: AptAuthenticationDataSchema,
} as const satisfies Record<AssetCategory, z.ZodType>)

/** The data schemas by asset category, as a type. */
export type AssetDataSchemas = typeof ASSET_DATA_SCHEMAS

/** The (parsed) data of each asset category. */
export type AssetDataByCategory = { [Category in AssetCategory]: z.output<AssetDataSchemas[Category]> }

/** The data of an asset of any category. */
export type AssetData = AssetDataByCategory[AssetCategory]

/**
 * The data schema of an asset category.
 *
 * @example
 * const data = parseModel('SigningKeyData', assetDataSchemaFor(AssetCategory.SIGNING_KEY), input)
 * @throws {ValidationError} when `category` is not an asset category
 */
export function assetDataSchemaFor<Category extends AssetCategory>(
  category: Category,
): AssetDataSchemas[Category] {
  return schemaForCategory('AssetCategory', ASSET_DATA_SCHEMAS, category)
}
