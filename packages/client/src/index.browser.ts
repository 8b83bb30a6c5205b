/**
 * @packageDocumentation
 * The Debusine API client for browsers (and any JavaScript runtime without Node's
 * modules): every namespace but local files. Bundlers pick this entry through the
 * `browser` condition of `@debusine-ts/client`; there `DebusineClient` is
 * {@link DebusineClientCore}.
 */
export { DebusineClientCore, DebusineClientCore as DebusineClient, type ClientConfig } from './client-core.js'
export type { WebPageKind, WebPageOf } from './web-page.js'
export { ArtifactsCore } from './resources/artifacts-core.js'
export { Assets } from './resources/assets.js'
export { Collections } from './resources/collections.js'
export { Lookups } from './resources/lookups.js'
export { Metrics } from './resources/metrics.js'
export { Relations } from './resources/relations.js'
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
export { WorkRequestWaitTimeoutError } from './resources/work-request-wait-timeout-error.js'
export type {
  WorkRequestCreateRequest,
  WorkRequestCompletion,
  ExternalDebsignCompletion,
} from './resources/work-request-input.js'
export type {
  WorkRequestReview,
  WorkRequestConfirmation,
  WorkRequestListOptions,
} from './resources/work-requests.js'
export type { WaitForCompletionOptions } from './resources/work-request-wait.js'
export {
  CreateOutcomeUnknownError,
  type CreateOptions,
  type CreateRecovery,
  type CreateOutcomeUnknownErrorInit,
} from './internal/create-outcome.js'
export {
  ActionOutcomeUnknownError,
  type ActionOptions,
  type ActionRecovery,
  type ActionOutcomeUnknownErrorInit,
} from './internal/action-outcome.js'
export type { WorkRequestListFilters } from './internal/work-request-list-filters.js'
export type { WorkflowStartRequest, WorkflowListFilters } from './resources/workflows.js'
export type { WorkflowTemplateOptions, WorkflowTemplateCreateInput } from './resources/workflow-templates.js'
export type {
  LookupSingleInput,
  LookupMultipleInput,
  LookupOptionsBase,
  LookupExpectType,
} from './internal/lookup-input.js'
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
  ArtifactUploadError,
  ArtifactDownloadError,
  type ArtifactUploadErrorInit,
  type ArtifactDownloadFailure,
} from './internal/artifact-errors.js'
export { ArtifactIncompleteError } from './internal/artifact-incomplete-error.js'
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
  applyRelationTargetChanges,
  type RelationTargetChanges,
} from './resources/relation-target-changes.js'
// The collection-relation schemas live in models; these deprecated forwards go in the next minor.
export {
  CollectionRelationSchema,
  CollectionRelationEndSchema,
  CollectionRelationTargetsSchema,
  type CollectionRelation,
  type CollectionRelationEnd,
  type CollectionRelationTargets,
} from './collection-relation-forwards.js'
export { CollectionRelationsChangedError } from './resources/collection-relations-changed-error.js'
export {
  appendToInheritanceChain,
  removeFromInheritanceChain,
  toInheritanceChainElement,
  type InheritanceChainElementInput,
} from './resources/inheritance-chain.js'
export {
  CollectionTokens,
  CollectionTokenGrantSchema,
  CollectionTokenGrantRequestSchema,
  type CollectionTokenGrant,
  type CollectionTokenGrantInput,
} from './resources/collection-tokens.js'
