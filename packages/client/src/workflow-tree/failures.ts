import type { Artifact } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { Artifacts } from '../artifacts/artifacts.js'
import { checkCount } from '../internal/argument-checks.js'
import { newestAttempts } from './newest-attempts.js'
import { workflowTree, type WorkflowTreeClient, type WorkflowTreeNode } from './tree.js'

/** The tasks that check a build rather than make one. */
const QA_TASKS = new Set(['lintian', 'autopkgtest', 'piuparts', 'blhc', 'reverse-depends'])

/** What {@link workflowFailures} reads through: work requests, and artifacts for the log tails. */
export interface WorkflowFailuresClient extends WorkflowTreeClient {
  readonly artifacts: Pick<Artifacts, 'get' | 'openFile'>
}

/** Whether a failure broke the build or only a check of it. */
export type FailureClass = 'build' | 'qa'

/** A failed or errored leaf of a workflow. */
export interface WorkflowFailure {
  /** The leaf. */
  readonly node: WorkflowTreeNode
  /** `qa` or `build`: see {@link classifyFailure}. */
  readonly failureClass: FailureClass
  /**
   * The last `lines` lines of its log ({@link logArtifact}); `''` when it has none.
   * @throws {ValidationError} when `lines` is not a whole number ≥ 0
   */
  logTail: (lines: number, options?: RequestOptions) => Promise<string>
}

/**
 * The class of a failed leaf: `qa` when it sits under a `qa` sub-workflow or its task is a
 * QA task (lintian, autopkgtest, piuparts, blhc, reverse-depends), else `build` (sbuild,
 * and anything else, so an unknown task never hides a broken build).
 */
export function classifyFailure(node: WorkflowTreeNode): FailureClass {
  return node.underQa || QA_TASKS.has(node.taskName) ? 'qa' : 'build'
}

/** Whether a node is a leaf (not a workflow) that completed with a failure or an error. */
export function isFailedLeaf(node: WorkflowTreeNode): boolean {
  return (
    node.taskType !== 'Workflow' && node.status === 'completed' && ['failure', 'error'].includes(node.result)
  )
}

/**
 * The failed or errored leaves of workflow `id` (a leaf's newest attempt: one a retry
 * replaced is not a failure any more), each classified ({@link classifyFailure}) with a
 * `logTail(n)` that reads its log artifact.
 *
 * @example
 * for (const failure of await workflowFailures(client, 42))
 *   console.log(failure.node.taskName, failure.failureClass, await failure.logTail(20))
 * @throws {ServerTooOldError} on a server whose work requests do not name their workflow (0.11)
 */
export async function workflowFailures(
  client: WorkflowFailuresClient,
  id: number,
  options: RequestOptions = {},
): Promise<WorkflowFailure[]> {
  const { nodes } = await workflowTree(client, id, options)
  return newestAttempts(nodes)
    .filter(isFailedLeaf)
    .map((node) => ({
      node,
      failureClass: classifyFailure(node),
      logTail: async (lines, tailOptions = options) => {
        checkCount('WorkflowFailure.logTail', 'lines', lines, 0)
        const artifact = await logArtifact(client, node, tailOptions)
        return artifact === undefined ? '' : tail(await artifactText(client, artifact, tailOptions), lines)
      },
    }))
}

/**
 * The log of a leaf: for sbuild the `debian:package-build-log` it produced, otherwise (or
 * when sbuild made none) a `debusine:work-request-debug-logs` artifact of it.
 */
export async function logArtifact(
  client: WorkflowFailuresClient,
  node: WorkflowTreeNode,
  options: RequestOptions = {},
): Promise<Artifact | undefined> {
  const artifacts = await Promise.all(node.artifacts.map((id) => client.artifacts.get(id, options)))
  const wanted = node.taskName === 'sbuild' ? ['debian:package-build-log'] : []
  for (const category of [...wanted, 'debusine:work-request-debug-logs']) {
    const found = artifacts.find((artifact) => artifact.category === category)
    if (found !== undefined) return found
  }
  return undefined
}

async function artifactText(
  client: WorkflowFailuresClient,
  artifact: Artifact,
  options: RequestOptions,
): Promise<string> {
  const texts: string[] = []
  for (const path of Object.keys(artifact.files).sort()) {
    texts.push(await new Response(await client.artifacts.openFile(artifact, path, options)).text())
  }
  return texts.join('\n')
}

/** The last `lines` lines of `text` (a trailing newline does not count as a line). */
export function tail(text: string, lines: number): string {
  const all = text.replace(/\n$/, '').split('\n')
  return all.slice(Math.max(0, all.length - lines)).join('\n')
}
