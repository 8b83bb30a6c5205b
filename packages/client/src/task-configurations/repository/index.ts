// The local task configuration repository (a directory of YAML entry files and a
// MANIFEST): reading, laying out a fetched collection, and git checks.
export { TaskConfigurationRepository, type TaskConfigurationPullResult } from './repository.js'
export { InvalidRepositoryError, type InvalidRepositoryErrorInit } from './invalid-repository-error.js'
export {
  MANIFEST_FILE,
  TaskConfigurationManifestSchema,
  readManifest,
  renderManifest,
  type TaskConfigurationManifest,
} from './manifest.js'
export {
  listEntryFiles,
  loadEntryFiles,
  parseEntryFile,
  renderEntryFile,
  entryKey,
  type EntryFiles,
  type TaskConfigurationEntry,
} from './entry-files.js'
export {
  NEW_ENTRIES_FILE,
  planPull,
  diffEntries,
  type PullPlan,
  type PullStats,
  type PullFileChange,
} from './pull-plan.js'
