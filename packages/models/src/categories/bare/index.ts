import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'
import { BareDataCategory } from '../../enumerations.js'
import { HistoricalTaskRunDataSchema } from './historical-task-run.js'
import { BarePackageBuildLogDataSchema } from './package-build-log.js'
import { PromiseDataSchema } from './promise.js'
import { QaResultDataSchema } from './qa-result.js'
import { schemaForCategory } from '../unknown-category.js'
import { TaskConfigurationItemSchema } from '../../resources/task-configuration.js'

/**
 * The data schema of every bare data category.
 *
 * `debusine:task-configuration` items follow the task configuration item model
 * (docs/protocol.md §9); `debusine:test` data is free-form.
 */
export const BARE_DATA_SCHEMAS = Object.freeze({
  [BareDataCategory.PACKAGE_BUILD_LOG]: BarePackageBuildLogDataSchema,
  [BareDataCategory.PROMISE]: PromiseDataSchema,
  [BareDataCategory.HISTORICAL_TASK_RUN]: HistoricalTaskRunDataSchema,
  [BareDataCategory.TASK_CONFIGURATION]: TaskConfigurationItemSchema,
  [BareDataCategory.QA_RESULT]: QaResultDataSchema,
  [BareDataCategory.TEST]: lazySchema(() => z.record(z.string(), z.unknown())),
} as const satisfies Record<BareDataCategory, z.ZodType>)

/** The data schemas by bare data category, as a type. */
export type BareDataSchemas = typeof BARE_DATA_SCHEMAS

/** The (parsed) data of each bare data category. */
export type BareDataByCategory = { [Category in BareDataCategory]: z.output<BareDataSchemas[Category]> }

/**
 * The data schema of a bare data category.
 *
 * @throws {ValidationError} when `category` is not a bare data category
 */
export function bareDataSchemaFor<Category extends BareDataCategory>(
  category: Category,
): BareDataSchemas[Category] {
  return schemaForCategory('BareDataCategory', BARE_DATA_SCHEMAS, category)
}
