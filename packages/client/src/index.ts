/**
 * @packageDocumentation
 * The Debusine API client: one namespace per resource (artifacts, assets, collections,
 * relations, lookups, work requests, workflows, workflow templates, workspaces, task
 * configuration, metrics), with uploads and downloads of artifact files.
 */
export { DebusineClient, type ClientConfig } from './client.js'
export { Artifacts } from './resources/artifacts.js'
export { Assets } from './resources/assets.js'
export { Collections } from './resources/collections.js'
export { Lookups } from './resources/lookups.js'
export { Metrics } from './resources/metrics.js'
export { Relations } from './resources/relations.js'
export { TaskConfigurations } from './resources/task-configurations.js'
export { WorkRequests } from './resources/work-requests.js'
export { WorkflowTemplates } from './resources/workflow-templates.js'
export { Workflows } from './resources/workflows.js'
export { Workspaces } from './resources/workspaces.js'
export {
  Archive,
  archiveCollection,
  type ArchiveRequestOptions,
  type SuiteCreateInput,
  type SuiteCreation,
  type PackageQuery,
  type PackageMatch,
  type PackageRemoveOptions,
} from './archive/archive.js'
export { packageCopyRequest, type PackageCopyInput, type SuiteVariables } from './archive/package-copy.js'
export { BaseTemplateError, type BaseTemplateErrorCode } from './archive/base-template-error.js'
export type { SuiteRelationFromTemplate } from './archive/base-template.js'
export { DebianPackages } from './debian-import/debian-packages.js'
export type { DebianImport, DebianImportOptions } from './debian-import/import-debian.js'
export { fetchDebianFiles, type FetchDebianFilesOptions } from './debian-import/fetch-debian-files.js'
export { DebianDownloadError, type DebianDownloadErrorCode } from './debian-import/debian-download-error.js'
export type { SignUploadOptions, SignedUpload } from './signing/external-debsign.js'
export { debsign, UploadSignerError, type DebsignOptions, type UploadSigner } from './signing/debsign.js'
export { ExternalDebsignError, type ExternalDebsignErrorCode } from './signing/external-debsign-error.js'
export { WorkRequestWaitTimeoutError } from './resources/work-request-wait-timeout-error.js'
export type {
  WorkRequestCreateRequest,
  WorkRequestCompletion,
  ExternalDebsignCompletion,
} from './resources/work-request-input.js'
export type { WorkRequestReview, WorkRequestConfirmation } from './resources/work-requests.js'
export type { WaitForCompletionOptions } from './resources/work-request-wait.js'
export {
  CreateOutcomeUnknownError,
  type CreateOptions,
  type CreateRecovery,
  type CreateOutcomeUnknownErrorInit,
} from './resources/create-outcome.js'
export type { WorkRequestListFilters } from './resources/work-request-list-filters.js'
export type { WorkflowStartRequest, WorkflowListFilters } from './resources/workflows.js'
export type { WorkflowTemplateOptions, WorkflowTemplateCreateInput } from './resources/workflow-templates.js'
export type {
  LookupSingleInput,
  LookupMultipleInput,
  LookupOptionsBase,
  LookupExpectType,
} from './resources/lookup-input.js'
export type { RelationCreateResult, RelationListFilter } from './resources/relations.js'
export type { MetricEmission } from './resources/metrics.js'
export type {
  ArtifactCreateOptions,
  ArtifactRequestOptions,
  ArtifactUploadOptions,
  ArtifactDownloadOptions,
  ArtifactDownloadToOptions,
  UploadProgress,
  UploadNotice,
  TransferTimeouts,
  DownloadProgress,
} from './resources/artifact-options.js'
export {
  UploadJournal,
  DEFAULT_JOURNAL_MAX_AGE_MS,
  type UploadJournalOptions,
  type UploadJournalEntry,
  type UploadJournalKey,
} from './resources/artifact-upload-journal.js'
export {
  ArtifactUploadError,
  ArtifactDownloadError,
  type ArtifactUploadErrorInit,
  type ArtifactDownloadFailure,
} from './resources/artifact-errors.js'
export type {
  AssetCreateInput,
  AssetCreateResult,
  AssetListFilters,
  AssetPermissionCheckInput,
} from './resources/asset-options.js'
export { CollectionItems, type CollectionItemListOptions } from './resources/collection-items.js'
export { CollectionItemSchema, type CollectionItem } from './resources/collection-item-schema.js'
export type { CollectionRequestOptions, CollectionIdentifier } from './resources/collection-options.js'
export type { CollectionCreate, CollectionQuery } from './resources/collections.js'
export {
  CollectionUpdateRequestSchema,
  type CollectionUpdate,
  type CollectionUpdateRequest,
} from './resources/collection-update-request.js'
export {
  CollectionRelations,
  type CollectionRelationFilter,
  type CollectionRelationSet,
  type CollectionRelationReplaceOptions,
} from './resources/collection-relations.js'
export {
  CollectionRelationSchema,
  CollectionRelationEndSchema,
  CollectionRelationTargetsSchema,
  type CollectionRelation,
  type CollectionRelationEnd,
  type CollectionRelationTargets,
} from './resources/collection-relation-schema.js'
export { CollectionRelationsChangedError } from './resources/collection-relations-changed-error.js'
export {
  appendToInheritanceChain,
  removeFromInheritanceChain,
  toInheritanceChainElement,
  type InheritanceChainElementInput,
} from './resources/inheritance-chain.js'
export type {
  TaskConfigurationTarget,
  TaskConfigurationRepositoryTarget,
  TaskConfigurationPushOptions,
  TaskConfigurationPushResult,
} from './resources/task-configurations.js'
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
} from './task-configuration-repository/index.js'
export {
  readClientConfig,
  readConfigFile,
  findServerSection,
  defaultConfigFile,
  parseHttpTimeout,
  requiredServerKeys,
  optionalServerKeys,
  ClientConfigError,
  writeServerConfig,
  readConfigForSetup,
  serverSetupFor,
  setupServerChoices,
  saveServerSetup,
  parseIni,
  updateIniSection,
  IniSyntaxError,
  knownServers,
  presetWorkspace,
  serverFromInput,
  lintApiUrl,
  type ConfiguredServer,
  type ClientConfigSelection,
  type ClientConfigEnvironment,
  type ClientConfigErrorInit,
  type ServerConfigUpdate,
  type ServerSetup,
  type IniFile,
  type KnownServer,
} from './config/index.js'
export {
  CollectionTokens,
  CollectionTokenGrantSchema,
  CollectionTokenGrantRequestSchema,
  type CollectionTokenGrant,
  type CollectionTokenGrantInput,
} from './resources/collection-tokens.js'
