// The resource models: what the client sends and receives, one concept per file. Curated
// named exports only; the package entry point re-exports from here.
export { openEnum, type OpenEnum } from './open-enum.js'
export { DateTimeSchema, type DateTime } from './datetime.js'
export { JsonObjectSchema, type JsonObject } from './json-object.js'
export { LinkSchema, LinksSchema, linkHref, type Link, type Links } from './links.js'
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
} from './file.js'
export {
  ArtifactCreateRequestSchema,
  ArtifactCreateRequestModel,
  ArtifactSchema,
  type ArtifactCreateRequest,
  type Artifact,
} from './artifact.js'
export { RemoteArtifactSchema, toRemoteArtifact, type RemoteArtifact } from './remote-artifact.js'
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
} from './asset.js'
export {
  CollectionNameSchema,
  CollectionStatsEntrySchema,
  CollectionSchema,
  CollectionCreateRequestSchema,
  CollectionCreateRequestModel,
  type CollectionStatsEntry,
  type Collection,
  type CollectionCreateRequest,
} from './collection.js'
export {
  RelationCreateRequestSchema,
  RelationCreateRequestModel,
  RelationSchema,
  RelationListSchema,
  type RelationCreateRequest,
  type Relation,
  type RelationList,
} from './relation.js'
export {
  SingleLookupSchema,
  LookupDictSchema,
  MultipleLookupSchema,
  LookupSingleRequestSchema,
  LookupSingleRequestModel,
  LookupMultipleRequestSchema,
  LookupMultipleRequestModel,
  LegacyLookupSingleRequestSchema,
  LegacyLookupSingleRequestModel,
  LegacyLookupMultipleRequestSchema,
  LegacyLookupMultipleRequestModel,
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
  type LegacyLookupSingleRequest,
  type LegacyLookupMultipleRequest,
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
} from './lookup.js'
export {
  WorkRequestRequestSchema,
  WorkRequestRequestModel,
  WorkRequestSchema,
  ExternalDebsignRequestSchema,
  ExternalDebsignRequestModel,
  type WorkRequestRequest,
  type WorkRequest,
  type ExternalDebsignRequest,
} from './work-request.js'
export {
  CreateWorkflowRequestSchema,
  CreateWorkflowRequestModel,
  type CreateWorkflowRequest,
} from './workflow.js'
export {
  RuntimeParametersSchema,
  WorkflowTemplateSchema,
  WorkflowTemplateCreateRequestSchema,
  WorkflowTemplateCreateRequestModel,
  type RuntimeParameters,
  type WorkflowTemplate,
  type WorkflowTemplateCreateRequest,
} from './workflow-template.js'
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
} from './inheritance.js'
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
} from './task-configuration.js'
export { MetricRequestSchema, MetricRequestModel, type MetricRequest } from './metric.js'
export {
  ENROLL_NONCE_PATTERN,
  ENROLL_CHALLENGE_PATTERN,
  API_TOKEN_PATTERN,
  EnrollPayloadSchema,
  EnrollPayloadModel,
  EnrollConfirmPayloadSchema,
  type EnrollPayload,
  type EnrollConfirmPayload,
} from './enrollment.js'
export { paginatedSchema, PaginatedSchema, type Paginated } from './pagination.js'
export { OnWorkRequestCompletedSchema, type OnWorkRequestCompleted } from './completion-event.js'
export { WhoAmISchema, type WhoAmI } from './whoami.js'
