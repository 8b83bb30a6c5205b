import { ArtifactCategory } from '@debusine-ts/models'
import { assertArtifactCategory } from './category-rules.js'
import { AutopkgtestArtifact } from './kinds/autopkgtest.js'
import { BinaryPackageArtifact } from './kinds/binary-package.js'
import { BinaryPackagesArtifact } from './kinds/binary-packages.js'
import { BlhcArtifact } from './kinds/blhc.js'
import { DebdiffArtifact } from './kinds/debdiff.js'
import { DebugSymbolsArtifact } from './kinds/debug-symbols.js'
import { LintianArtifact } from './kinds/lintian.js'
import { PackageBuildLogArtifact } from './kinds/package-build-log.js'
import { PiupartsArtifact } from './kinds/piuparts.js'
import { RepositoryIndexArtifact } from './kinds/repository-index.js'
import { SigningInputArtifact } from './kinds/signing-input.js'
import { SigningOutputArtifact } from './kinds/signing-output.js'
import { SourcePackageArtifact } from './kinds/source-package.js'
import { SystemImageArtifact, SystemTarballArtifact } from './kinds/system-artifacts.js'
import { TestArtifact } from './kinds/test-artifact.js'
import { UploadArtifact } from './kinds/upload.js'
import { WorkRequestDebugLogsArtifact } from './kinds/work-request-debug-logs.js'

/** Every kind of local artifact, by category. */
export const LOCAL_ARTIFACT_KINDS = Object.freeze({
  [ArtifactCategory.WORK_REQUEST_DEBUG_LOGS]: WorkRequestDebugLogsArtifact,
  [ArtifactCategory.PACKAGE_BUILD_LOG]: PackageBuildLogArtifact,
  [ArtifactCategory.UPLOAD]: UploadArtifact,
  [ArtifactCategory.SOURCE_PACKAGE]: SourcePackageArtifact,
  [ArtifactCategory.BINARY_PACKAGE]: BinaryPackageArtifact,
  [ArtifactCategory.BINARY_PACKAGES]: BinaryPackagesArtifact,
  [ArtifactCategory.DEBUG_SYMBOLS]: DebugSymbolsArtifact,
  [ArtifactCategory.LINTIAN]: LintianArtifact,
  [ArtifactCategory.AUTOPKGTEST]: AutopkgtestArtifact,
  [ArtifactCategory.PIUPARTS]: PiupartsArtifact,
  [ArtifactCategory.SYSTEM_TARBALL]: SystemTarballArtifact,
  [ArtifactCategory.BLHC]: BlhcArtifact,
  [ArtifactCategory.DEBDIFF]: DebdiffArtifact,
  [ArtifactCategory.SYSTEM_IMAGE]: SystemImageArtifact,
  [ArtifactCategory.SIGNING_INPUT]: SigningInputArtifact,
  [ArtifactCategory.SIGNING_OUTPUT]: SigningOutputArtifact,
  [ArtifactCategory.REPOSITORY_INDEX]: RepositoryIndexArtifact,
  [ArtifactCategory.TEST]: TestArtifact,
} as const)

/** The kinds of local artifact, by category. */
export type LocalArtifactKinds = typeof LOCAL_ARTIFACT_KINDS

/**
 * The kind of local artifact of a category (Python's `class_from_category`).
 *
 * @example
 * const kind = localArtifactKindFor('debian:upload') // UploadArtifact
 * @throws {ArtifactRuleError} `Invalid category "x". Expected one of …` for an unknown category
 */
export function localArtifactKindFor<Category extends ArtifactCategory>(
  category: Category,
): LocalArtifactKinds[Category]
export function localArtifactKindFor(category: string): LocalArtifactKinds[ArtifactCategory]
export function localArtifactKindFor(category: string): LocalArtifactKinds[ArtifactCategory] {
  assertArtifactCategory(category)
  return LOCAL_ARTIFACT_KINDS[category]
}
