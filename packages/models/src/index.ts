/**
 * @packageDocumentation
 * Debusine resource models: zod schemas with inferred types, protocol constants and the
 * base error class of the debusine-ts suite. No I/O: this package loads in a browser.
 */
// The public API, name by name: widening it later is easy, narrowing it is not.
export { SdkError, type SdkErrorOptions } from './errors/sdk-error.js'
export { ValidationError, type ValidationIssue } from './errors/validation-error.js'
export { ResponseValidationError } from './errors/response-validation-error.js'
export { ServerTooOldError, type ServerTooOldErrorInit } from './errors/server-too-old-error.js'
export { compareDebusineVersions, debusineVersionInPage } from './capabilities/debusine-version.js'
export { operationSupport, serverOperation, type OperationSupport } from './capabilities/operation-support.js'
export {
  SERVER_OPERATIONS,
  TESTED_SERVER_VERSIONS,
  type ServerOperation,
} from './capabilities/server-operations.js'
export { parseModel, parseResponse } from './parse.js'
export { deepFreeze, type Model, type Frozen } from './model.js'
export { lazySchema } from './lazy-schema.js'
export {
  formatCollectionName,
  parseCollectionName,
  type CollectionName,
  type ParseCollectionNameOptions,
} from './collection-name.js'
export { TaskName } from './task-name.js'
export { FINISHED_WORK_REQUEST_STATUSES, isWorkRequestFinished } from './work-request-finished.js'
export {
  ArtifactCategory,
  CollectionCategory,
  SINGLETON_COLLECTION_CATEGORIES,
  BareDataCategory,
  AssetCategory,
  KeyPurpose,
  RelationType,
  CollectionRelationType,
  LookupChildType,
  LookupResultType,
  LookupResultCode,
  RuntimeParameter,
  EnrollOutcome,
  CollectionRole,
  TaskType,
  WorkRequestResult,
  WorkRequestStatus,
  WorkRequestManualUnblockAction,
  WorkerType,
  MetricType,
  LintianSeverity,
  AutopkgtestResultStatus,
  EventReactionAction,
  CloudProviderType,
  AptAuthenticationScheme,
  API_VERSION,
  // The enumerations' types are written with it: declarations that infer one need its name.
  type ValueOf,
} from './enumerations.js'
export { openEnum, type OpenEnum } from './resources/open-enum.js'
export { DateTimeSchema, type DateTime } from './resources/datetime.js'
export { JsonObjectSchema, type JsonObject } from './resources/json-object.js'
export { LinkSchema, LinksSchema, linkHref, type Link, type Links } from './resources/links.js'
export {
  MAX_CHECKSUM_LENGTH,
  MediaTypeSchema,
  ChecksumsSchema,
  FileRequestSchema,
  FileRequestModel,
  FileResponseSchema,
  type MediaType,
  type Checksums,
  type FileRequest,
  type FileResponse,
} from './resources/file.js'
export {
  ArtifactCreateRequestSchema,
  ArtifactCreateRequestModel,
  ArtifactSchema,
  type ArtifactCreateRequest,
  type Artifact,
} from './resources/artifact.js'
export { RemoteArtifactSchema, toRemoteArtifact, type RemoteArtifact } from './resources/remote-artifact.js'
export {
  AssetCreateRequestSchema,
  AssetCreateRequestModel,
  AssetSchema,
  AssetListSchema,
  AssetPermissionCheckResponseSchema,
  type AssetCreateRequest,
  type Asset,
  type AssetList,
  type AssetPermissionCheckResponse,
} from './resources/asset.js'
export {
  CollectionNameSchema,
  CollectionStatsEntrySchema,
  CollectionSchema,
  CollectionCreateRequestSchema,
  CollectionCreateRequestModel,
  type CollectionStatsEntry,
  type Collection,
  type CollectionCreateRequest,
} from './resources/collection.js'
export {
  RelationCreateRequestSchema,
  RelationCreateRequestModel,
  RelationSchema,
  RelationListSchema,
  type RelationCreateRequest,
  type Relation,
  type RelationList,
} from './resources/relation.js'
export {
  CollectionRelationSchema,
  CollectionRelationEndSchema,
  CollectionRelationPageSchema,
  CollectionRelationTargetsSchema,
  CollectionRelationTargetsRequestSchema,
  type CollectionRelation,
  type CollectionRelationEnd,
  type CollectionRelationTargets,
  type CollectionRelationTargetsRequest,
} from './resources/collection-relation.js'
export {
  SingleLookupSchema,
  LookupDictSchema,
  MultipleLookupSchema,
  LookupSingleRequestSchema,
  LookupSingleRequestModel,
  LookupMultipleRequestSchema,
  LookupMultipleRequestModel,
  LookupCollectionItemSchema,
  LookupCollectionInfoSchema,
  LookupSingleResponseSchema,
  LegacyLookupSingleResponseSchema,
  AnyLookupSingleResponseSchema,
  LookupMultipleResponseSchema,
  LookupArtifactResponseSchema,
  LookupCollectionResponseSchema,
  LookupResultSchema,
  normalizeLookupResult,
  type SingleLookup,
  type LookupDict,
  type MultipleLookup,
  type LookupSingleRequest,
  type LookupMultipleRequest,
  type LookupCollectionItem,
  type LookupCollectionInfo,
  type LookupSingleResponse,
  type LegacyLookupSingleResponse,
  type AnyLookupSingleResponse,
  type LookupMultipleResponse,
  type LookupArtifactResponse,
  type LookupCollectionResponse,
  type LookupResult,
  type LookupArtifactResult,
  type LookupCollectionResult,
} from './resources/lookup.js'
export {
  WorkRequestRequestSchema,
  WorkRequestRequestModel,
  WorkRequestSchema,
  ExternalDebsignRequestSchema,
  ExternalDebsignRequestModel,
  type WorkRequestRequest,
  type WorkRequest,
  type ExternalDebsignRequest,
} from './resources/work-request.js'
export {
  CreateWorkflowRequestSchema,
  CreateWorkflowRequestModel,
  type CreateWorkflowRequest,
} from './resources/workflow.js'
export {
  RuntimeParametersSchema,
  WorkflowTemplateSchema,
  WorkflowTemplateCreateRequestSchema,
  WorkflowTemplateCreateRequestModel,
  type RuntimeParameters,
  type WorkflowTemplate,
  type WorkflowTemplateCreateRequest,
} from './resources/workflow-template.js'
export {
  MAX_INHERITANCE_CHAIN_LENGTH,
  InheritanceChainElementSchema,
  InheritanceChainElementModel,
  InheritanceChainSchema,
  InheritanceChainRequestSchema,
  parseInheritanceChainElement,
  inheritanceChainFromStrings,
  inheritanceChainElementMatches,
  type InheritanceChainElement,
  type InheritanceChain,
  type InheritanceChainRequest,
} from './resources/inheritance.js'
export {
  MAX_TASK_CONFIGURATION_LOCATION_LENGTH,
  TaskConfigurationItemSchema,
  taskConfigurationItemName,
  TaskConfigurationCollectionSchema,
  TaskConfigurationCollectionContentsSchema,
  TaskConfigurationPushRequestSchema,
  TaskConfigurationUpdateResultsSchema,
  type TaskConfigurationItem,
  type TaskConfigurationCollection,
  type TaskConfigurationCollectionContents,
  type TaskConfigurationPushRequest,
  type TaskConfigurationUpdateResults,
} from './resources/task-configuration.js'
export { MetricRequestSchema, MetricRequestModel, type MetricRequest } from './resources/metric.js'
export {
  ENROLL_NONCE_PATTERN,
  ENROLL_CHALLENGE_PATTERN,
  API_TOKEN_PATTERN,
  EnrollPayloadSchema,
  EnrollPayloadModel,
  EnrollConfirmPayloadSchema,
  type EnrollPayload,
  type EnrollConfirmPayload,
} from './resources/enrollment.js'
export { paginatedSchema, PaginatedSchema, type Paginated } from './resources/pagination.js'
export { OnWorkRequestCompletedSchema, type OnWorkRequestCompleted } from './resources/completion-event.js'
export { WhoAmISchema, type WhoAmI } from './resources/whoami.js'
// The category data models, a curated list of their own (kept apart to keep each file short).
export * from './categories/index.js'
