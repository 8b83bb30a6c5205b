import type { Artifact } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { Artifacts } from '../artifacts/artifacts.js'
import { workflowTree, type WorkflowTreeClient } from './tree.js'

/** Which outputs {@link workflowOutputs} keeps; a filter left out keeps everything. */
export interface WorkflowOutputFilter {
  /** The artifact category, e.g. `debian:binary-package`. */
  category?: string | undefined
  /** The architecture in the artifact's data (`deb_fields.Architecture` or `architecture`). */
  architecture?: string | undefined
  /** A glob (`*`, `?`) on the package name in the artifact's data (binary, else source). */
  package?: string | undefined
}

/** What {@link workflowOutputs} reads through. */
export interface WorkflowOutputsClient extends WorkflowTreeClient {
  readonly artifacts: Pick<Artifacts, 'get'>
}

/**
 * The artifacts the leaves of workflow `id` produced that match `filter`, oldest leaf first,
 * each once.
 *
 * @example
 * const debs = await workflowOutputs(client, 42, { category: 'debian:binary-package', architecture: 'amd64', package: 'hello*' })
 * @throws {ServerTooOldError} on a server whose work requests do not name their workflow (0.11)
 */
export async function workflowOutputs(
  client: WorkflowOutputsClient,
  id: number,
  filter: WorkflowOutputFilter = {},
  options: RequestOptions = {},
): Promise<Artifact[]> {
  const { nodes } = await workflowTree(client, id, options)
  const ids = [
    ...new Set(nodes.filter((node) => node.taskType !== 'Workflow').flatMap((node) => node.artifacts)),
  ]
  const artifacts = await Promise.all(ids.map((artifactId) => client.artifacts.get(artifactId, options)))
  return artifacts.filter((artifact) => matchesOutput(artifact, filter))
}

/** Whether `artifact` passes every filter given. */
export function matchesOutput(artifact: Artifact, filter: WorkflowOutputFilter): boolean {
  const data = artifact.data
  const fields = (data['deb_fields'] ?? {}) as Record<string, unknown>
  const architecture = fields['Architecture'] ?? data['architecture']
  const name = fields['Package'] ?? data['srcpkg_name'] ?? data['name']
  return (
    (filter.category === undefined || artifact.category === filter.category) &&
    (filter.architecture === undefined || architecture === filter.architecture) &&
    (filter.package === undefined || (typeof name === 'string' && globRegExp(filter.package).test(name)))
  )
}

/** A shell glob (`*`, `?`) as an anchored regular expression. */
function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`)
}
