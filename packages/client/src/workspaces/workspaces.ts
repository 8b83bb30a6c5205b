import {
  InheritanceChainRequestSchema,
  InheritanceChainSchema,
  parseModel,
  type InheritanceChain,
} from '@debusine-ts/models'
import { path, type RequestOptions } from '@debusine-ts/transport'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { toInheritanceChainElement, type InheritanceChainElementInput } from './inheritance-chain.js'

/**
 * Workspaces: their inheritance chains (the workspaces whose collections and task
 * configuration a workspace's lookups fall back to, in order).
 *
 * @example
 * await client.workspaces.setInheritance('developers', ['debian/base', 'extra'])
 * const { chain } = await client.workspaces.getInheritance('developers')
 */
export class Workspaces {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * The workspace's inheritance chain, in lookup order; each element carries `id`,
   * `scope` and `workspace` (`GET /workspace/{workspace}/inheritance/`).
   *
   * @param workspace the workspace; the client's default workspace when null or undefined
   * @throws {NotFoundError} when the workspace does not exist or is not visible
   */
  getInheritance(workspace?: string | null, options?: RequestOptions): Promise<InheritanceChain> {
    const name = requiredWorkspace(this.#context, workspace, 'Workspaces.getInheritance')
    return this.#context.transport.request('GET', path`/workspace/${name}/inheritance/`, {
      operation: 'workspaces.inheritance',
      ...options,
      schema: InheritanceChainSchema,
      model: 'InheritanceChain',
      expectedStatus: 200,
    })
  }

  /**
   * Replace the workspace's inheritance chain (`POST /workspace/{workspace}/inheritance/`)
   * and return the chain the server resolved. Needs the owner role on the workspace.
   * Combine with {@link appendToInheritanceChain} and {@link removeFromInheritanceChain}
   * to edit the current chain.
   *
   * @param workspace the workspace; the client's default workspace when null or undefined
   * @param chain elements as texts (`ID`, `WORKSPACE`, `SCOPE/WORKSPACE`) or objects; at
   *   most 100; an empty chain clears it
   * @throws {ValidationError} when an element names no workspace or there are more than
   *   100, before sending
   * @throws {BadRequestError} `Invalid inheritance chain` (the chain holds the workspace
   *   itself, or a workspace twice), or an element naming no existing workspace (the
   *   detail says which)
   * @throws {PermissionDeniedError} when the user may not configure the workspace, or
   *   `Workspace cannot be inherited` (a private workspace of another scope)
   * @example
   * await client.workspaces.setInheritance('developers', [{ id: 3 }, 'debian/base'])
   */
  setInheritance(
    workspace: string | null | undefined,
    chain: Iterable<InheritanceChainElementInput>,
    options?: RequestOptions,
  ): Promise<InheritanceChain> {
    const body = parseModel('InheritanceChainRequest', InheritanceChainRequestSchema, {
      chain: Array.from(chain, toInheritanceChainElement),
    })
    const name = requiredWorkspace(this.#context, workspace, 'Workspaces.setInheritance')
    return this.#context.transport.request('POST', path`/workspace/${name}/inheritance/`, {
      operation: 'workspaces.inheritance',
      ...options,
      body,
      schema: InheritanceChainSchema,
      model: 'InheritanceChain',
      expectedStatus: 200,
      // Replacing the chain with the same value again is harmless.
      idempotent: true,
    })
  }
}
