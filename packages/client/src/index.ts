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
