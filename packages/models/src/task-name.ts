/**
 * Names of the Debusine 0.16.2 tasks and workflows the client suite starts or recognises
 * (`task_name` of work requests and workflow templates); the server knows many more.
 */
export const TaskName = Object.freeze({
  /** The `noop` worker task and workflow: does nothing, with the result asked for. */
  NOOP: 'noop',
  /** The workflow that builds, tests and optionally uploads and publishes a source package. */
  DEBIAN_PIPELINE: 'debian_pipeline',
  /** The workflow that copies (or moves) packages from one suite to another. */
  PACKAGE_PUBLISH: 'package_publish',
  /** The workflow that signs and uploads packages to an upload queue. */
  PACKAGE_UPLOAD: 'package_upload',
  /** The wait task that waits for a user to sign an upload with `debsign` (task type `Wait`). */
  EXTERNAL_DEBSIGN: 'externaldebsign',
} as const)
/** A task name of {@link TaskName}. */
export type TaskName = (typeof TaskName)[keyof typeof TaskName]
