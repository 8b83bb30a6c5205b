import type { z } from 'zod'
import { ArtifactCategory } from '../../enumerations.js'
import { AutopkgtestDataSchema } from './autopkgtest.js'
import { BinaryPackageDataSchema } from './binary-package.js'
import { BinaryPackagesDataSchema } from './binary-packages.js'
import { BlhcDataSchema } from './blhc.js'
import { DebdiffDataSchema } from './debdiff.js'
import { DebugSymbolsDataSchema } from './debug-symbols.js'
import { DebusineTestDataSchema } from './debusine-test.js'
import { LintianDataSchema } from './lintian.js'
import { PackageBuildLogDataSchema } from './package-build-log.js'
import { PiupartsDataSchema } from './piuparts.js'
import { RepositoryIndexDataSchema } from './repository-index.js'
import { SigningInputDataSchema } from './signing-input.js'
import { SigningOutputDataSchema } from './signing-output.js'
import { SourcePackageDataSchema } from './source-package.js'
import { SystemImageDataSchema } from './system-image.js'
import { SystemTarballDataSchema } from './system-tarball.js'
import { UploadDataSchema } from './upload.js'
import { WorkRequestDebugLogsDataSchema } from './work-request-debug-logs.js'
import { schemaForCategory } from '../unknown-category.js'

/** The data schema of every artifact category. */
export const ARTIFACT_DATA_SCHEMAS = Object.freeze({
  [ArtifactCategory.WORK_REQUEST_DEBUG_LOGS]: WorkRequestDebugLogsDataSchema,
  [ArtifactCategory.PACKAGE_BUILD_LOG]: PackageBuildLogDataSchema,
  [ArtifactCategory.UPLOAD]: UploadDataSchema,
  [ArtifactCategory.SOURCE_PACKAGE]: SourcePackageDataSchema,
  [ArtifactCategory.BINARY_PACKAGE]: BinaryPackageDataSchema,
  [ArtifactCategory.BINARY_PACKAGES]: BinaryPackagesDataSchema,
  [ArtifactCategory.DEBUG_SYMBOLS]: DebugSymbolsDataSchema,
  [ArtifactCategory.LINTIAN]: LintianDataSchema,
  [ArtifactCategory.AUTOPKGTEST]: AutopkgtestDataSchema,
  [ArtifactCategory.PIUPARTS]: PiupartsDataSchema,
  [ArtifactCategory.SYSTEM_TARBALL]: SystemTarballDataSchema,
  [ArtifactCategory.BLHC]: BlhcDataSchema,
  [ArtifactCategory.DEBDIFF]: DebdiffDataSchema,
  [ArtifactCategory.SYSTEM_IMAGE]: SystemImageDataSchema,
  [ArtifactCategory.SIGNING_INPUT]: SigningInputDataSchema,
  [ArtifactCategory.SIGNING_OUTPUT]: SigningOutputDataSchema,
  [ArtifactCategory.REPOSITORY_INDEX]: RepositoryIndexDataSchema,
  [ArtifactCategory.TEST]: DebusineTestDataSchema,
} as const satisfies Record<ArtifactCategory, z.ZodType>)

/** The data schemas by artifact category, as a type. */
export type ArtifactDataSchemas = typeof ARTIFACT_DATA_SCHEMAS

/** The (parsed) data of each artifact category. */
export type ArtifactDataByCategory = {
  [Category in ArtifactCategory]: z.output<ArtifactDataSchemas[Category]>
}

/** The data of an artifact of any category. */
export type ArtifactData = ArtifactDataByCategory[ArtifactCategory]

/** Every artifact category, sorted (`debusine:test` included). */
export function artifactCategories(): ArtifactCategory[] {
  return (Object.keys(ARTIFACT_DATA_SCHEMAS) as ArtifactCategory[]).sort()
}

/**
 * The data schema of an artifact category.
 *
 * @example
 * const data = parseModel('UploadData', artifactDataSchemaFor(ArtifactCategory.UPLOAD), input)
 * @throws {ValidationError} when `category` is not an artifact category (a caller without
 * types may pass any string)
 */
export function artifactDataSchemaFor<Category extends ArtifactCategory>(
  category: Category,
): ArtifactDataSchemas[Category] {
  return schemaForCategory('ArtifactCategory', ARTIFACT_DATA_SCHEMAS, category)
}
