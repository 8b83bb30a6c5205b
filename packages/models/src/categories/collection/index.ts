import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'
import { CollectionCategory } from '../../enumerations.js'
import { schemaForCategory } from '../unknown-category.js'
import { ArchiveCollectionDataSchema } from './archive.js'
import { EnvironmentsCollectionDataSchema } from './environments.js'
import { PackageBuildLogsCollectionDataSchema } from './package-build-logs.js'
import { QaResultsCollectionDataSchema } from './qa-results.js'
import { SuiteCollectionDataSchema } from './suite.js'
import { TaskConfigurationCollectionDataSchema } from './task-configuration.js'
import { TaskHistoryCollectionDataSchema } from './task-history.js'
import { WorkflowInternalCollectionDataSchema } from './workflow-internal.js'

/** The data schema of every collection category (all loose: the server keeps collection data free-form). */
export const COLLECTION_DATA_SCHEMAS = Object.freeze({
  [CollectionCategory.ENVIRONMENTS]: EnvironmentsCollectionDataSchema,
  [CollectionCategory.SUITE]: SuiteCollectionDataSchema,
  [CollectionCategory.PACKAGE_BUILD_LOGS]: PackageBuildLogsCollectionDataSchema,
  [CollectionCategory.WORKFLOW_INTERNAL]: WorkflowInternalCollectionDataSchema,
  [CollectionCategory.TASK_CONFIGURATION]: TaskConfigurationCollectionDataSchema,
  [CollectionCategory.TASK_HISTORY]: TaskHistoryCollectionDataSchema,
  [CollectionCategory.ARCHIVE]: ArchiveCollectionDataSchema,
  [CollectionCategory.QA_RESULTS]: QaResultsCollectionDataSchema,
  [CollectionCategory.TEST]: lazySchema(() => z.looseObject({})),
} as const satisfies Record<CollectionCategory, z.ZodType>)

/** The data schemas by collection category, as a type. */
export type CollectionDataSchemas = typeof COLLECTION_DATA_SCHEMAS

/** The (parsed) data of each collection category. */
export type CollectionDataByCategory = {
  [Category in CollectionCategory]: z.output<CollectionDataSchemas[Category]>
}

/**
 * The data schema of a collection category.
 *
 * @throws {ValidationError} when `category` is not a collection category
 */
export function collectionDataSchemaFor<Category extends CollectionCategory>(
  category: Category,
): CollectionDataSchemas[Category] {
  return schemaForCategory('CollectionCategory', COLLECTION_DATA_SCHEMAS, category)
}
