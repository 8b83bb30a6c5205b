import { CollectionCategory, formatCollectionName, TaskName, ValidationError } from '@debusine-ts/models'
import type { WorkflowStartRequest } from '../workflows/workflows.js'

/** The suite variables a copied package gets in the target suite. */
export interface SuiteVariables {
  component?: string | undefined
  section?: string | undefined
  priority?: string | undefined
}

/** What {@link packageCopyRequest} and `client.archive.copyPackage` copy. */
export interface PackageCopyInput {
  /** The source package's name. */
  source: string
  /** Its version; default: the one the suite holds. */
  version?: string | undefined
  /** The suite to copy from. */
  fromSuite: string
  /** The suite to copy to. */
  toSuite: string
  /** The workspace of `fromSuite`; default: the client's default workspace. */
  fromWorkspace?: string | undefined
  /** The workspace of `toSuite`, where the workflow runs; default: `fromWorkspace`. */
  toWorkspace?: string | undefined
  /** Copy the binary packages built from the source too. Default `false`. */
  includeBinaries?: boolean | undefined
  /** Component, section and priority in the target suite; default: as in the source suite. */
  suiteVariables?: SuiteVariables | undefined
  /** Remove the packages from `fromSuite` once copied. Default `false`. */
  move?: boolean | undefined
  /** Copy packages of a private workspace into a public one. Default `false`. */
  unembargo?: boolean | undefined
}

/**
 * The `package_publish` workflow that copies a source package (and optionally its
 * binaries) from one suite to another, as `client.archive.copyPackage` starts it: print
 * it for a dry run. Sends nothing.
 *
 * @param defaultWorkspace the workspace when `fromWorkspace` is not given
 * @example
 * packageCopyRequest({ source: 'hello', fromSuite: 'sid', toSuite: 'trixie' }, 'developers')
 * // { taskName: 'package_publish', workspace: 'developers', taskData: { source_artifact: 'sid@debian:suite/source:hello', target_suite: 'trixie@debian:suite', suite_variables: {} } }
 * @throws {ValidationError} when a name is empty, or there is no workspace
 */
export function packageCopyRequest(
  input: PackageCopyInput,
  defaultWorkspace: string | undefined,
): WorkflowStartRequest & { workspace: string; taskName: string; taskData: Record<string, unknown> } {
  const fromWorkspace = input.fromWorkspace ?? defaultWorkspace
  const toWorkspace = input.toWorkspace ?? fromWorkspace
  const missing: string[] = (['source', 'fromSuite', 'toSuite'] as const).filter((field) => !input[field])
  if (fromWorkspace === undefined || fromWorkspace === '') missing.push('fromWorkspace')
  if (missing.length > 0 || toWorkspace === undefined) {
    throw new ValidationError(
      'PackageCopyInput',
      missing.map((field) => ({ path: field, rule: 'required', message: 'must be a non-empty name' })),
    )
  }
  let fromSuite = formatCollectionName({ name: input.fromSuite, category: CollectionCategory.SUITE })
  // A suite of another workspace is named through a lookup of that workspace.
  if (fromWorkspace !== toWorkspace) fromSuite = `//workspace=${fromWorkspace}/${fromSuite}`
  const sourceArtifact =
    input.version === undefined
      ? `${fromSuite}/source:${input.source}`
      : `${fromSuite}/source-version:${input.source}_${input.version}`
  const suiteVariables = Object.fromEntries(
    Object.entries(input.suiteVariables ?? {}).filter(([, value]) => value !== undefined),
  )
  const taskData: Record<string, unknown> = {
    source_artifact: sourceArtifact,
    target_suite: formatCollectionName({ name: input.toSuite, category: CollectionCategory.SUITE }),
    suite_variables: suiteVariables,
  }
  if (input.includeBinaries === true) {
    taskData.binary_artifacts = { collection: fromSuite, lookup__binaries: sourceArtifact }
  }
  if (input.move === true) taskData.move = true
  if (input.unembargo === true) taskData.unembargo = true
  return { taskName: TaskName.PACKAGE_PUBLISH, workspace: toWorkspace, taskData }
}
