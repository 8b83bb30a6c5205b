/**
 * @packageDocumentation
 * The Debusine API client for browsers (and any JavaScript runtime without Node's
 * modules): every namespace but local files. Bundlers pick this entry through the
 * `browser` condition of `@debusine-ts/client`; there `DebusineClient` is
 * {@link DebusineClientCore}.
 */
export { DebusineClientCore, DebusineClientCore as DebusineClient, type ClientConfig } from './client-core.js'
export type { WebPageKind, WebPageOf } from './web-page.js'
export { ArtifactsCore } from './artifacts/artifacts-core.js'
export { Assets } from './assets/assets.js'
export { Collections } from './collections/collections.js'
export { Lookups } from './lookups/lookups.js'
export { Metrics } from './metrics/metrics.js'
export { Relations } from './relations/relations.js'
export { WorkRequests } from './work-requests/work-requests.js'
export { WorkflowTemplates } from './workflow-templates/workflow-templates.js'
export { Workflows } from './workflows/workflows.js'
export { Workspaces } from './workspaces/workspaces.js'
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
export type { SuiteEnsureInput, SuiteEnsureResult } from './archive/ensure-suite.js'
export { BaseTemplateError, type BaseTemplateErrorCode } from './archive/base-template-error.js'
export type { SuiteRelationFromTemplate } from './archive/base-template.js'
export { WorkRequestWaitTimeoutError } from './work-requests/wait-timeout-error.js'
export type {
  WorkRequestCreateRequest,
  WorkRequestCompletion,
  ExternalDebsignCompletion,
} from './work-requests/input.js'
export type {
  WorkRequestReview,
  WorkRequestConfirmation,
  WorkRequestListOptions,
} from './work-requests/work-requests.js'
export type { WaitForCompletionOptions } from './work-requests/wait.js'
export {
  CreateOutcomeUnknownError,
  type CreateOptions,
  type CreateRecovery,
  type CreateOutcomeUnknownErrorInit,
} from './errors/create-outcome.js'
export {
  ActionOutcomeUnknownError,
  type ActionOptions,
  type ActionRecovery,
  type ActionOutcomeUnknownErrorInit,
} from './errors/action-outcome.js'
export type { WorkRequestListFilters } from './work-requests/list-filters.js'
export type { WorkflowStartRequest, WorkflowListFilters } from './workflows/workflows.js'
export type {
  WorkflowTemplateOptions,
  WorkflowTemplateCreateInput,
} from './workflow-templates/workflow-templates.js'
export type {
  LookupSingleInput,
  LookupMultipleInput,
  LookupOptionsBase,
  LookupExpectType,
} from './lookups/input.js'
export type { RelationCreateResult, RelationListFilter } from './relations/relations.js'
export type { MetricEmission } from './metrics/metrics.js'
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
} from './artifacts/options.js'
export {
  ArtifactUploadError,
  ArtifactDownloadError,
  type ArtifactUploadErrorInit,
  type ArtifactDownloadFailure,
} from './errors/artifact-errors.js'
export { ArtifactIncompleteError } from './errors/artifact-incomplete-error.js'
export type {
  AssetCreateInput,
  AssetCreateResult,
  AssetListFilters,
  AssetPermissionCheckInput,
} from './assets/options.js'
export { CollectionItems, type CollectionItemListOptions } from './collections/items.js'
export { CollectionItemSchema, type CollectionItem } from './collections/item-schema.js'
export type { CollectionRequestOptions, CollectionIdentifier } from './collections/options.js'
export type { CollectionCreate, CollectionQuery } from './collections/collections.js'
export {
  CollectionUpdateRequestSchema,
  type CollectionUpdate,
  type CollectionUpdateRequest,
} from './collections/update-request.js'
export {
  CollectionRelations,
  type CollectionRelationFilter,
  type CollectionRelationSet,
  type CollectionRelationReplaceOptions,
} from './collections/relations.js'
export {
  applyRelationTargetChanges,
  type RelationTargetChanges,
} from './collections/relation-target-changes.js'
export { CollectionRelationsChangedError } from './collections/relations-changed-error.js'
export {
  appendToInheritanceChain,
  removeFromInheritanceChain,
  toInheritanceChainElement,
  type InheritanceChainElementInput,
} from './workspaces/inheritance-chain.js'
export {
  CollectionTokens,
  CollectionTokenGrantSchema,
  CollectionTokenGrantRequestSchema,
  type CollectionTokenGrant,
  type CollectionTokenGrantInput,
} from './collections/tokens.js'
