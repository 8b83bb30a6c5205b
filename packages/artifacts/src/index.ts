/**
 * @packageDocumentation
 * Local Debusine artifacts: builders, category rules, .dsc/.changes parsing, file hashing.
 * Node-only: this is the package of the suite that reads local files and archives.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
export { ArtifactRuleError } from './artifact-rule-error.js'
export {
  fileRequestFromPath,
  HASH_BLOCK_SIZE,
  type FileRequestFromPathOptions,
} from './file-request-from-path.js'
export { contentTypeForName, sniffContentType, TEXT_PLAIN_UTF8, OCTET_STREAM } from './content-type.js'
export {
  parseDeb822,
  type Deb822Entry,
  type Deb822Fields,
  type Deb822Value,
  type MultivaluedFields,
  type ParseDeb822Options,
} from './deb822.js'
export { parseDsc, parseChanges, readDsc, readChanges, type ReadOptions } from './source-control-file.js'
export { readDebControl, type DebControl } from './deb-control.js'
export { debianPackageArtifacts, sourcePackageFromDsc } from './debian-package-artifacts.js'
export {
  LocalArtifact,
  checkPathInArtifact,
  type AddLocalFileOptions,
  type ArtifactDataInput,
  type LocalArtifactInit,
} from './local-artifact.js'
export {
  artifactCategories,
  checkCategoryRules,
  CATEGORY_LABELS,
  type ArtifactContents,
} from './category-rules.js'
export type { CreateOptions, LocalArtifactKind } from './local-artifact-kind.js'
export {
  localArtifactKindFor,
  LOCAL_ARTIFACT_KINDS,
  type LocalArtifactKinds,
} from './local-artifact-kinds.js'
export { AutopkgtestArtifact, type AutopkgtestInput } from './kinds/autopkgtest.js'
export { BinaryPackageArtifact, type BinaryPackageInput } from './kinds/binary-package.js'
export { BinaryPackagesArtifact, type BinaryPackagesInput } from './kinds/binary-packages.js'
export { BlhcArtifact, type BlhcInput } from './kinds/blhc.js'
export { DebdiffArtifact, type DebdiffInput } from './kinds/debdiff.js'
export { DebugSymbolsArtifact, type DebugSymbolsInput } from './kinds/debug-symbols.js'
export { LintianArtifact, type LintianInput } from './kinds/lintian.js'
export { PackageBuildLogArtifact, type PackageBuildLogInput } from './kinds/package-build-log.js'
export { PiupartsArtifact, type PiupartsInput } from './kinds/piuparts.js'
export { RepositoryIndexArtifact, type RepositoryIndexInput } from './kinds/repository-index.js'
export { SigningInputArtifact, type SigningInputInput } from './kinds/signing-input.js'
export { SigningOutputArtifact, type SigningOutputInput } from './kinds/signing-output.js'
export { SourcePackageArtifact, type SourcePackageInput } from './kinds/source-package.js'
export {
  SystemImageArtifact,
  SystemTarballArtifact,
  type SystemImageInput,
  type SystemTarballInput,
} from './kinds/system-artifacts.js'
export { TestArtifact, type TestArtifactInput } from './kinds/test-artifact.js'
export { UploadArtifact, type UploadInput } from './kinds/upload.js'
export {
  WorkRequestDebugLogsArtifact,
  type WorkRequestDebugLogsInput,
} from './kinds/work-request-debug-logs.js'
