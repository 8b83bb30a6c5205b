/**
 * @packageDocumentation
 * The Debusine API client: one namespace per resource (artifacts, assets, collections,
 * relations, lookups, work requests, workflows, workflow templates, workspaces, task
 * configuration, metrics), with uploads and downloads of artifact files.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
export * from './index.browser.js'
export { DebusineClient } from './client.js'
export { Artifacts } from './artifacts/artifacts.js'
export { TaskConfigurations } from './task-configurations/task-configurations.js'
export * from './workflows/children.js'
export * from './workflow-tree/index.js'
export { DebianPackages } from './debian-import/debian-packages.js'
export type { DebianImport, DebianImportOptions } from './debian-import/import-debian.js'
export { fetchDebianFiles, type FetchDebianFilesOptions } from './debian-import/fetch-debian-files.js'
export { DebianDownloadError, type DebianDownloadErrorCode } from './debian-import/debian-download-error.js'
export type { SignUploadOptions, SignedUpload } from './signing/external-debsign.js'
export { debsign, UploadSignerError, type DebsignOptions, type UploadSigner } from './signing/debsign.js'
export { ExternalDebsignError, type ExternalDebsignErrorCode } from './signing/external-debsign-error.js'
export {
  UploadJournal,
  DEFAULT_JOURNAL_MAX_AGE_MS,
  type UploadJournalOptions,
  type UploadJournalEntry,
  type UploadJournalKey,
} from './artifacts/upload-journal.js'
export type {
  TaskConfigurationTarget,
  TaskConfigurationRepositoryTarget,
  TaskConfigurationPushOptions,
  TaskConfigurationPushResult,
} from './task-configurations/task-configurations.js'
export {
  TaskConfigurationRepository,
  InvalidRepositoryError,
  NEW_ENTRIES_FILE,
  MANIFEST_FILE,
  TaskConfigurationManifestSchema,
  type TaskConfigurationPullResult,
  type InvalidRepositoryErrorInit,
  type TaskConfigurationManifest,
  type TaskConfigurationEntry,
  type EntryFiles,
  type PullStats,
  type PullFileChange,
} from './task-configurations/repository/index.js'
export { writeFileAtomically, type AtomicWriteOptions } from './atomic-write.js'
export {
  readClientConfig,
  defaultConfigFile,
  type ConfiguredServer,
  type ClientConfigSelection,
  type ClientConfigEnvironment,
} from './config/client-config.js'
export { ClientConfigError, type ClientConfigErrorInit } from './config/client-config-error.js'
export { cleartextPolicy } from './config/config-checks.js'
export { writeServerConfig, type ServerConfigUpdate } from './config/config-writer.js'
export {
  readConfigForSetup,
  serverSetupFor,
  setupServerChoices,
  saveServerSetup,
  type ServerSetup,
} from './config/server-setup.js'
export { parseIni, IniSyntaxError, type IniFile } from './config/ini.js'
export { serverFromInput, lintApiUrl, type KnownServer } from './config/known-servers.js'
export {
  ArchiveRepository,
  type ArchiveRepositoryOptions,
  type SigningKeyOptions,
  type SourcesOptions,
  type PackageVersion,
  type WaitVisibleOptions,
  type Visibility,
} from './archive-repository/archive-repository.js'
export type { ArchiveLocation } from './archive-repository/archive-http.js'
export { DEFAULT_KEY_DEADLINE_MS, type SigningKey } from './archive-repository/signing-key.js'
export type { AptSources } from './archive-repository/sources.js'
export type { ReleaseFile, Paragraph } from './archive-repository/release-index.js'
export type { ReleaseVerification } from './archive-repository/verify-release.js'
export { ArchiveKeyError } from './archive-repository/archive-key-error.js'
export { ArchiveHttpError } from './archive-repository/archive-http-error.js'
export { VisibilityTimeoutError } from './archive-repository/visibility-timeout-error.js'
