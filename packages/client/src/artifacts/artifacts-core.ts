import { ArtifactSchema, type Artifact } from '@debusine-ts/models'
import { path, pickRequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import type { ArtifactRequestOptions } from './options.js'
import { checkId } from '../internal/argument-checks.js'

/**
 * The artifact operations that run anywhere, browsers included: reading an artifact's
 * description. In Node, {@link Artifacts} adds creating, uploading and downloading files.
 *
 * @example
 * const artifact = await client.artifacts.get(42)
 * console.log(artifact.category, Object.keys(artifact.files))
 */
export class ArtifactsCore {
  readonly #context: ClientContext

  /** @internal Reached through the client; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Get an artifact: `GET /artifact/{id}/`, looked up in the client's scope; with an
   * explicit `workspace`, `GET /artifact/{workspace}/{id}/`, which also finds artifacts
   * of the workspaces it inherits from.
   *
   * @example
   * const artifact = await client.artifacts.get(42)
   * @throws {NotFoundError} when there is no such artifact (or it is not visible)
   */
  async get(id: number, options: ArtifactRequestOptions = {}): Promise<Artifact> {
    checkId('ArtifactGet', 'id', id)
    const { transport } = this.#context
    // Before 0.14.3 there is no workspace path: the scope-wide one finds the workspace's own artifacts.
    const scoped =
      options.workspace !== undefined &&
      (await transport.capabilities.require('artifacts.get in a workspace', options.signal)) === 'works'
    const url = scoped ? path`/artifact/${options.workspace}/${id}/` : path`/artifact/${id}/`
    return transport.request('GET', url, {
      ...pickRequestOptions(options),
      schema: ArtifactSchema,
      model: 'Artifact',
    })
  }
}
