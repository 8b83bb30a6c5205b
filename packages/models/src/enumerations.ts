/**
 * Protocol constants of Debusine 0.16.2: every enumeration the API uses, each as a frozen
 * object of names to wire values (use `WorkRequestStatus.COMPLETED`, not the literal) and a
 * union type of its values. Received values are not limited to these lists: a newer server
 * may add values, and the response schemas accept any string where an enumeration may grow.
 */

function enumeration<const Values extends Record<string, string>>(values: Values): Readonly<Values> {
  return Object.freeze(values)
}

/** The value type of an enumeration object. */
export type ValueOf<T> = T[keyof T]

/** Categories of artifacts. `debusine:test` exists for tests only. */
export const ArtifactCategory = enumeration({
  WORK_REQUEST_DEBUG_LOGS: 'debusine:work-request-debug-logs',
  PACKAGE_BUILD_LOG: 'debian:package-build-log',
  UPLOAD: 'debian:upload',
  SOURCE_PACKAGE: 'debian:source-package',
  BINARY_PACKAGE: 'debian:binary-package',
  BINARY_PACKAGES: 'debian:binary-packages',
  DEBUG_SYMBOLS: 'debian:debug-symbols',
  LINTIAN: 'debian:lintian',
  AUTOPKGTEST: 'debian:autopkgtest',
  PIUPARTS: 'debian:piuparts',
  SYSTEM_TARBALL: 'debian:system-tarball',
  BLHC: 'debian:blhc',
  DEBDIFF: 'debian:debdiff',
  SYSTEM_IMAGE: 'debian:system-image',
  SIGNING_INPUT: 'debusine:signing-input',
  SIGNING_OUTPUT: 'debusine:signing-output',
  REPOSITORY_INDEX: 'debian:repository-index',
  TEST: 'debusine:test',
})
/** An artifact category. */
export type ArtifactCategory = ValueOf<typeof ArtifactCategory>

/** Categories of collections. `debusine:test` exists for tests only. */
export const CollectionCategory = enumeration({
  ENVIRONMENTS: 'debian:environments',
  SUITE: 'debian:suite',
  PACKAGE_BUILD_LOGS: 'debian:package-build-logs',
  WORKFLOW_INTERNAL: 'debusine:workflow-internal',
  TASK_CONFIGURATION: 'debusine:task-configuration',
  TASK_HISTORY: 'debusine:task-history',
  ARCHIVE: 'debian:archive',
  QA_RESULTS: 'debian:qa-results',
  TEST: 'debusine:test',
})
/** A collection category. */
export type CollectionCategory = ValueOf<typeof CollectionCategory>

/** Collection categories of which a workspace holds one, always named `_`. */
export const SINGLETON_COLLECTION_CATEGORIES: readonly CollectionCategory[] = Object.freeze([
  CollectionCategory.ARCHIVE,
  CollectionCategory.PACKAGE_BUILD_LOGS,
  CollectionCategory.TASK_HISTORY,
])

/** Categories of bare data items in collections. */
export const BareDataCategory = enumeration({
  PACKAGE_BUILD_LOG: 'debian:package-build-log',
  PROMISE: 'debusine:promise',
  HISTORICAL_TASK_RUN: 'debusine:historical-task-run',
  TASK_CONFIGURATION: 'debusine:task-configuration',
  QA_RESULT: 'debian:qa-result',
  TEST: 'debusine:test',
})
/** A bare data category. */
export type BareDataCategory = ValueOf<typeof BareDataCategory>

/** Categories of assets. */
export const AssetCategory = enumeration({
  CLOUD_PROVIDER_ACCOUNT: 'debusine:cloud-provider-account',
  SIGNING_KEY: 'debusine:signing-key',
  APT_AUTHENTICATION: 'debian:apt-authentication',
})
/** An asset category. */
export type AssetCategory = ValueOf<typeof AssetCategory>

/** What a signing key is for. */
export const KeyPurpose = enumeration({
  UEFI: 'uefi',
  OPENPGP: 'openpgp',
  OPENPGP_REPOSITORY: 'openpgp-repository',
})
/** A signing key purpose. */
export type KeyPurpose = ValueOf<typeof KeyPurpose>

/** Types of relations between two artifacts. */
export const RelationType = enumeration({
  EXTENDS: 'extends',
  RELATES_TO: 'relates-to',
  BUILT_USING: 'built-using',
})
/** An artifact relation type. */
export type RelationType = ValueOf<typeof RelationType>

/** Types of relations between two collections. */
export const CollectionRelationType = enumeration({
  SUITE_FORKED_FROM: 'suite-forked-from',
  SUITE_BASED_ON: 'suite-based-on',
  SUITE_REQUIRES: 'suite-requires',
  SUITE_TARGETING: 'suite-targeting',
  SUITE_DEFAULT_QA_RESULTS: 'suite-default-qa-results',
})
/** A collection relation type. */
export type CollectionRelationType = ValueOf<typeof CollectionRelationType>

/** What a lookup expects to find (`expect_type`). */
export const LookupChildType = enumeration({
  BARE: 'bare',
  ARTIFACT: 'artifact',
  ARTIFACT_OR_PROMISE: 'artifact-or-promise',
  COLLECTION: 'collection',
  ANY: 'any',
})
/** A lookup child type. */
export type LookupChildType = ValueOf<typeof LookupChildType>

/** What a lookup found, as 0.14.6+ servers name it. */
export const LookupResultType = enumeration({ BARE: 'bare', ARTIFACT: 'artifact', COLLECTION: 'collection' })
/** A lookup result type. */
export type LookupResultType = ValueOf<typeof LookupResultType>

/** What a lookup found, as the earlier (worker) lookup API codes it: `b`, `a`, `c`. */
export const LookupResultCode = enumeration({ BARE: 'b', ARTIFACT: 'a', COLLECTION: 'c' })
/** A lookup result code of the earlier API. */
export type LookupResultCode = ValueOf<typeof LookupResultCode>

/** The only runtime-parameter wildcard of workflow templates. */
export const RuntimeParameter = enumeration({ ANY: 'any' })
/** A runtime parameter wildcard. */
export type RuntimeParameter = ValueOf<typeof RuntimeParameter>

/** How a user answered an enrollment. */
export const EnrollOutcome = enumeration({ CONFIRM: 'confirm', CANCEL: 'cancel' })
/** An enrollment outcome. */
export type EnrollOutcome = ValueOf<typeof EnrollOutcome>

/** Roles a client may grant on a collection. */
export const CollectionRole = enumeration({ VIEWER: 'viewer' })
/** A grantable collection role. */
export type CollectionRole = ValueOf<typeof CollectionRole>

/** Types of tasks; work requests carry one as `task_type`. */
export const TaskType = enumeration({
  WORKER: 'Worker',
  SERVER: 'Server',
  INTERNAL: 'Internal',
  WORKFLOW: 'Workflow',
  SIGNING: 'Signing',
  WAIT: 'Wait',
})
/** A task type. */
export type TaskType = ValueOf<typeof TaskType>

/** Results of work requests; `NONE` (empty) until completed. Note the space in `temporary failure`. */
export const WorkRequestResult = enumeration({
  NONE: '',
  SUCCESS: 'success',
  FAILURE: 'failure',
  TEMPORARY_FAILURE: 'temporary failure',
  ERROR: 'error',
  SKIPPED: 'skipped',
})
/** A work request result. */
export type WorkRequestResult = ValueOf<typeof WorkRequestResult>

/** Statuses of work requests. */
export const WorkRequestStatus = enumeration({
  PENDING: 'pending',
  RUNNING: 'running',
  COMPLETED: 'completed',
  ABORTED: 'aborted',
  BLOCKED: 'blocked',
})
/** A work request status. */
export type WorkRequestStatus = ValueOf<typeof WorkRequestStatus>

/** Review answers that unblock a work request waiting for a manual decision. */
export const WorkRequestManualUnblockAction = enumeration({ ACCEPT: 'accept', REJECT: 'reject' })
/** A manual unblock action. */
export type WorkRequestManualUnblockAction = ValueOf<typeof WorkRequestManualUnblockAction>

/** Types of workers. */
export const WorkerType = enumeration({
  SCHEDULER: 'scheduler',
  EXTERNAL: 'external',
  CELERY: 'celery',
  SIGNING: 'signing',
})
/** A worker type. */
export type WorkerType = ValueOf<typeof WorkerType>

/** Types of metrics a client may ask the server to emit. */
export const MetricType = enumeration({
  COUNTER: 'counter',
  GAUGE: 'gauge',
  SUMMARY: 'summary',
  HISTOGRAM: 'histogram',
})
/** A metric type. */
export type MetricType = ValueOf<typeof MetricType>

/** Severities of lintian tags. */
export const LintianSeverity = enumeration({
  ERROR: 'error',
  WARNING: 'warning',
  INFO: 'info',
  PEDANTIC: 'pedantic',
  EXPERIMENTAL: 'experimental',
  OVERRIDDEN: 'overridden',
  CLASSIFICATION: 'classification',
})
/** A lintian severity. */
export type LintianSeverity = ValueOf<typeof LintianSeverity>

/** Results of one autopkgtest test. */
export const AutopkgtestResultStatus = enumeration({
  PASS: 'PASS',
  FAIL: 'FAIL',
  FLAKY: 'FLAKY',
  SKIP: 'SKIP',
})
/** An autopkgtest result status. */
export type AutopkgtestResultStatus = ValueOf<typeof AutopkgtestResultStatus>

/** Actions of work request event reactions. */
export const EventReactionAction = enumeration({
  SKIP_IF_LOOKUP_RESULT_CHANGED: 'skip-if-lookup-result-changed',
  SEND_NOTIFICATION: 'send-notification',
  UPDATE_COLLECTION_WITH_ARTIFACTS: 'update-collection-with-artifacts',
  UPDATE_COLLECTION_WITH_DATA: 'update-collection-with-data',
  RETRY_WITH_DELAYS: 'retry-with-delays',
  RECORD_IN_TASK_HISTORY: 'record-in-task-history',
})
/** An event reaction action. */
export type EventReactionAction = ValueOf<typeof EventReactionAction>

/** Cloud providers of cloud-provider-account assets. */
export const CloudProviderType = enumeration({ AWS: 'aws', HETZNER: 'hetzner', DUMMY: 'dummy' })
/** A cloud provider type. */
export type CloudProviderType = ValueOf<typeof CloudProviderType>

/** Authentication schemes of apt-authentication assets. */
export const AptAuthenticationScheme = enumeration({ BASIC: 'basic' })
/** An apt authentication scheme. */
export type AptAuthenticationScheme = ValueOf<typeof AptAuthenticationScheme>

/** The API version: a path segment only (`/api/1.0/`); the server negotiates nothing. */
export const API_VERSION = '1.0'
