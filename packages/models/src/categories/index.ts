/**
 * Category data models: the `data` of artifacts, assets, collections and bare collection
 * items by category, event reactions and the output data of completed work requests.
 */
export {
  PackageType,
  ListedFileNameSchema,
  DscFilesEntrySchema,
  type DscFilesEntry,
  ChangesFilesEntrySchema,
  type ChangesFilesEntry,
  ChecksumsSha1EntrySchema,
  type ChecksumsSha1Entry,
  ChecksumsSha256EntrySchema,
  type ChecksumsSha256Entry,
  ChecksumsSha512EntrySchema,
  type ChecksumsSha512Entry,
  DscFieldsSchema,
  type DscFields,
  ChangesFieldsSchema,
  type ChangesFields,
} from './deb822-fields.js'
export { LookupSingleValueSchema, type LookupSingleValue } from './lookup-single.js'

// Artifact categories
export {
  DoseDistCheckStatus,
  DoseDistCheckDepchainPackageSchema,
  type DoseDistCheckDepchainPackage,
  DoseDistCheckDepchainSchema,
  type DoseDistCheckDepchain,
  DoseDistCheckMissingPackageSchema,
  type DoseDistCheckMissingPackage,
  DoseDistCheckConflictPackageSchema,
  type DoseDistCheckConflictPackage,
  DoseDistCheckMissingReasonSchema,
  type DoseDistCheckMissingReason,
  DoseDistCheckConflictReasonSchema,
  type DoseDistCheckConflictReason,
  DoseDistCheckPackageSchema,
  type DoseDistCheckPackage,
  DoseDistCheckSchema,
  type DoseDistCheck,
} from './artifact/dose-dist-check.js'
export {
  WorkRequestDebugLogsDataSchema,
  type WorkRequestDebugLogsData,
} from './artifact/work-request-debug-logs.js'
export { PackageBuildLogDataSchema, type PackageBuildLogData } from './artifact/package-build-log.js'
export { UploadDataSchema, type UploadData } from './artifact/upload.js'
export { SourcePackageDataSchema, type SourcePackageData } from './artifact/source-package.js'
export { BinaryPackageDataSchema, type BinaryPackageData } from './artifact/binary-package.js'
export { BinaryPackagesDataSchema, type BinaryPackagesData } from './artifact/binary-packages.js'
export { BuildIdSchema, DebugSymbolsDataSchema, type DebugSymbolsData } from './artifact/debug-symbols.js'
export {
  LintianSummarySchema,
  type LintianSummary,
  LintianDataSchema,
  type LintianData,
} from './artifact/lintian.js'
export {
  AutopkgtestTestResultSchema,
  type AutopkgtestTestResult,
  AutopkgtestSourcePackageSchema,
  type AutopkgtestSourcePackage,
  AutopkgtestDataSchema,
  type AutopkgtestData,
} from './artifact/autopkgtest.js'
export { PiupartsDataSchema, type PiupartsData } from './artifact/piuparts.js'
export { SystemTarballDataSchema, type SystemTarballData } from './artifact/system-tarball.js'
export {
  SystemImageFormat,
  BootMechanism,
  SystemImageDataSchema,
  type SystemImageData,
} from './artifact/system-image.js'
export { BlhcDataSchema, type BlhcData } from './artifact/blhc.js'
export { DebdiffDataSchema, type DebdiffData } from './artifact/debdiff.js'
export { SigningInputDataSchema, type SigningInputData } from './artifact/signing-input.js'
export {
  SigningResultSchema,
  type SigningResult,
  SigningOutputDataSchema,
  type SigningOutputData,
} from './artifact/signing-output.js'
export { RepositoryIndexDataSchema, type RepositoryIndexData } from './artifact/repository-index.js'
export { DebusineTestDataSchema, type DebusineTestData } from './artifact/debusine-test.js'
export {
  ARTIFACT_DATA_SCHEMAS,
  type ArtifactDataSchemas,
  type ArtifactDataByCategory,
  type ArtifactData,
  artifactCategories,
  artifactDataSchemaFor,
} from './artifact/index.js'

// Asset categories
export { SigningKeyDataSchema, type SigningKeyData } from './asset/signing-key.js'
export {
  AwsProviderAccountDataSchema,
  type AwsProviderAccountData,
  HetznerProviderAccountDataSchema,
  type HetznerProviderAccountData,
  DummyProviderAccountDataSchema,
  type DummyProviderAccountData,
  CloudProviderAccountDataSchema,
  type CloudProviderAccountData,
} from './asset/cloud-provider-account.js'
export {
  BasicAptAuthenticationDataSchema,
  type BasicAptAuthenticationData,
  AptAuthenticationDataSchema,
  type AptAuthenticationData,
} from './asset/apt-authentication.js'
export {
  ASSET_DATA_SCHEMAS,
  type AssetDataSchemas,
  type AssetDataByCategory,
  type AssetData,
  assetDataSchemaFor,
} from './asset/index.js'

// Collection categories
export {
  ArchiveCollectionDataSchema,
  type ArchiveCollectionData,
  ArchiveItemDataSchema,
  type ArchiveItemData,
} from './collection/archive.js'
export {
  SuiteCollectionDataSchema,
  type SuiteCollectionData,
  SuiteItemVariablesSchema,
  type SuiteItemVariables,
} from './collection/suite.js'
export {
  EnvironmentsCollectionDataSchema,
  type EnvironmentsCollectionData,
  EnvironmentsItemDataSchema,
  type EnvironmentsItemData,
} from './collection/environments.js'
export {
  PackageBuildLogsCollectionDataSchema,
  type PackageBuildLogsCollectionData,
  PackageBuildLogsItemDataSchema,
  type PackageBuildLogsItemData,
} from './collection/package-build-logs.js'
export { QaResultsCollectionDataSchema, type QaResultsCollectionData } from './collection/qa-results.js'
export {
  TaskConfigurationCollectionDataSchema,
  type TaskConfigurationCollectionData,
} from './collection/task-configuration.js'
export { TaskHistoryCollectionDataSchema, type TaskHistoryCollectionData } from './collection/task-history.js'
export {
  WorkflowInternalCollectionDataSchema,
  type WorkflowInternalCollectionData,
} from './collection/workflow-internal.js'
export {
  COLLECTION_DATA_SCHEMAS,
  type CollectionDataSchemas,
  type CollectionDataByCategory,
  collectionDataSchemaFor,
} from './collection/index.js'

// Bare data categories
export { PromiseDataSchema, type PromiseData } from './bare/promise.js'
export { HistoricalTaskRunDataSchema, type HistoricalTaskRunData } from './bare/historical-task-run.js'
export { QaResultDataSchema, type QaResultData } from './bare/qa-result.js'
export { BarePackageBuildLogDataSchema, type BarePackageBuildLogData } from './bare/package-build-log.js'
export {
  BARE_DATA_SCHEMAS,
  type BareDataSchemas,
  type BareDataByCategory,
  bareDataSchemaFor,
} from './bare/index.js'

// Event reactions and output data
export {
  NotificationDataSchema,
  type NotificationData,
  SendNotificationActionSchema,
  type SendNotificationAction,
  SkipIfLookupResultChangedActionSchema,
  type SkipIfLookupResultChangedAction,
  UpdateCollectionWithArtifactsActionSchema,
  type UpdateCollectionWithArtifactsAction,
  UpdateCollectionWithDataActionSchema,
  type UpdateCollectionWithDataAction,
  RetryDelaySchema,
  RetryWithDelaysActionSchema,
  type RetryWithDelaysAction,
  RecordInTaskHistoryActionSchema,
  type RecordInTaskHistoryAction,
  EventReactionSchema,
  type EventReaction,
  EventReactionsSchema,
  type EventReactions,
  EventReactionsRequestSchema,
  type EventReactionsRequest,
} from './event-reactions.js'
export { RuntimeStatisticsSchema, type RuntimeStatistics } from './runtime-statistics.js'
export {
  RegressionAnalysisStatus,
  OutputDataErrorSchema,
  type OutputDataError,
  RegressionAnalysisSchema,
  type RegressionAnalysis,
  ConfirmationSchema,
  type Confirmation,
  OutputDataSchema,
  type OutputData,
} from './output-data.js'
