import {
  CollectionCreateRequestModel,
  CollectionSchema,
  formatCollectionName,
  type Collection,
  type CollectionCreateRequestSchema,
} from '@debusine-ts/models'
import { NotFoundError, path, type PagedList } from '@debusine-ts/transport'
import type { z } from 'zod'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { createOnce, RecentIds } from '../internal/create-once.js'
import { holdsSent } from '../internal/sent-match.js'
import { CollectionItems } from './items.js'
import { withoutWorkspace, type CollectionIdentifier, type CollectionRequestOptions } from './options.js'
import { CollectionRelations } from './relations.js'
import { checkSingletonCollectionName } from './singleton-rule.js'
import { CollectionTokens } from './tokens.js'
import { collectionUpdateRequest, type CollectionUpdate } from './update-request.js'
import type { CreateOptions } from '../errors/create-outcome.js'

/**
 * A collection to create: `name`, `category` and `data`, and optionally the retention
 * periods (integer days; null, the default, for unlimited). Unknown fields are rejected.
 */
export type CollectionCreate = z.input<typeof CollectionCreateRequestSchema>

/** What {@link Collections.get} looks for. */
export interface CollectionQuery extends CollectionIdentifier {
  /** Ask the server for the `stats` list (`?stats=1`); `stats` is null otherwise. */
  readonly withStats?: boolean | undefined
}

/**
 * Collections of a workspace: create, get, list, update, delete, and their items,
 * relations and token grants. Every operation works in the workspace given as
 * `options.workspace`, else the client's default workspace.
 *
 * @example
 * const suite = await client.collections.create(
 *   { name: 'trixie', category: CollectionCategory.SUITE, data: { components: ['main'] } },
 *   { workspace: 'developers' },
 * )
 * await client.collections.update({ ...suite, data: { ...suite.data, architectures: ['amd64'] } })
 */
export class Collections {
  readonly #context: ClientContext
  readonly #created = new RecentIds()
  /** Items of a collection: list, get, delete. */
  readonly items: CollectionItems
  /** Relations between collections (e.g. `suite-requires`): list and replace. */
  readonly relations: CollectionRelations
  /** Roles granted to (external-user) tokens on a collection: list, grant, revoke. */
  readonly tokens: CollectionTokens

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
    this.items = new CollectionItems(context)
    this.relations = new CollectionRelations(context)
    this.tokens = new CollectionTokens(context)
  }

  /**
   * Create a collection (`POST /collection/{workspace}/`, 201). Needs the
   * `can_create_collections` permission on the workspace (its owners).
   *
   * @param collection name, category, data and retention periods (integer days, null for
   *   unlimited; both default to null)
   * @throws {ValidationError} when the body breaks a rule (name syntax, unknown field, a
   *   singleton category not named `_` or another category named `_`), before sending
   * @throws {BadRequestError} `Cannot create collection` when the workspace already holds a
   *   collection of that category and name (detail `A collection with the same name already
   *   exists`), or `Cannot deserialize collection` for an unknown category
   * @throws {PermissionDeniedError} when the user may not create collections there
   * @throws {NotFoundError} when the workspace does not exist or is not visible
   * @throws {CreateOutcomeUnknownError} when the answer was lost and the collection was not found
   * @example
   * await client.collections.create({ name: 'scratch', category: 'debusine:test', data: {} })
   */
  create(
    collection: CollectionCreate,
    options?: CollectionRequestOptions & CreateOptions,
  ): Promise<Collection> {
    const body = CollectionCreateRequestModel.create(collection)
    checkSingletonCollectionName(CollectionCreateRequestModel.name, collection.category, collection.name)
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.create')
    const { transport } = this.#context
    const identity = formatCollectionName({ name: body.name, category: String(collection.category) })
    return createOnce(
      {
        what: `collection ${identity} in workspace "${workspace}"`,
        check: `\`debusine-ts collection show -w ${workspace} ${identity}\``,
        recent: this.#created,
        send: (sendOptions) =>
          transport.request('POST', path`/collection/${workspace}/`, {
            operation: 'collections.create',
            ...sendOptions,
            body,
            schema: CollectionSchema,
            model: 'Collection',
            expectedStatus: 201,
            retryStaleConnection: false,
          }),
        // Names are unique in a workspace: the one found is ours when it holds what we sent
        // (the server may fill in defaults), retention periods included.
        find: async (_since, findOptions) => {
          try {
            const found = await this.get(
              { category: collection.category, name: body.name },
              { ...findOptions, workspace },
            )
            return holdsSent(found, body) ? found : undefined
          } catch (error) {
            if (NotFoundError.isInstance(error)) return undefined
            throw error
          }
        },
      },
      { ...withoutWorkspace(options), onRecovered: options?.onRecovered },
    )
  }

  /**
   * Get a collection by category and name (`GET /collection/{workspace}/{category}/{name}/`).
   *
   * @throws {NotFoundError} when there is no such collection in the workspace
   * @example
   * const logs = await client.collections.get({ category: 'debian:package-build-logs', name: '_', withStats: true })
   */
  get(query: CollectionQuery, options?: CollectionRequestOptions): Promise<Collection> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.get')
    return this.#context.transport.request(
      'GET',
      path`/collection/${workspace}/${query.category}/${query.name}/`,
      {
        ...withoutWorkspace(options),
        operation: 'collections.get',
        query: query.withStats === true ? { stats: 1 } : undefined,
        schema: CollectionSchema,
        model: 'Collection',
        expectedStatus: 200,
      },
    )
  }

  /**
   * Get a collection by id (`GET /collection/{workspace}/{id}/`).
   *
   * @throws {NotFoundError} when the workspace holds no collection with this id
   */
  getById(id: number, options?: CollectionRequestOptions): Promise<Collection> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.getById')
    return this.#context.transport.request('GET', path`/collection/${workspace}/${id}/`, {
      ...withoutWorkspace(options),
      operation: 'collections.get',
      schema: CollectionSchema,
      model: 'Collection',
      expectedStatus: 200,
    })
  }

  /**
   * The collections of a workspace, lazily, ordered by category then name; the server
   * leaves out `debusine:workflow-internal` collections. Pages hold 10 collections.
   *
   * @example
   * for await (const collection of client.collections.list({ workspace: 'developers' })) {
   *   console.log(`${collection.name}@${collection.category}`)
   * }
   */
  list(options?: CollectionRequestOptions): PagedList<Collection> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.list')
    return this.#context.transport.list(path`/collection/${workspace}/`, CollectionSchema, {
      ...withoutWorkspace(options),
      operation: 'collections.list',
      model: 'Collection',
    })
  }

  /**
   * Update a collection (`PATCH /collection/{workspace}/{id}/`): send it whole, as
   * received and changed where needed (name, data, retention periods). Needs the
   * `can_configure` permission.
   *
   * @throws {ValidationError} when the collection breaks a rule, before sending
   * @throws {BadRequestError} when the server refuses, with its reason: a category change
   *   (`The category of a collection cannot be changed`), a name already taken (`New name conflicts
   *   with an existing collection`), a singleton renamed away from `_` (`Invalid name for
   *   singleton collection`)
   * @throws {NotFoundError} when the collection does not exist in the workspace
   * @example
   * const suite = await client.collections.get({ category: 'debian:suite', name: 'trixie' })
   * await client.collections.update({ ...suite, metadata_only_retention_period: 30 })
   */
  update(collection: CollectionUpdate, options?: CollectionRequestOptions): Promise<Collection> {
    const body = collectionUpdateRequest(collection)
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.update')
    return this.#context.transport.request('PATCH', path`/collection/${workspace}/${body.id}/`, {
      ...withoutWorkspace(options),
      operation: 'collections.update',
      body,
      schema: CollectionSchema,
      model: 'Collection',
      expectedStatus: 200,
    })
  }

  /**
   * Delete a collection (`DELETE /collection/{workspace}/{id}/`, 204). Needs the
   * `can_delete` permission.
   *
   * @param collection the collection, or its id
   * @throws {NotFoundError} when the collection does not exist in the workspace
   * @throws {PermissionDeniedError} when the user may not delete it
   */
  async delete(
    collection: number | { readonly id: number },
    options?: CollectionRequestOptions,
  ): Promise<void> {
    const id = typeof collection === 'number' ? collection : collection.id
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'Collections.delete')
    await this.#context.transport.request('DELETE', path`/collection/${workspace}/${id}/`, {
      ...withoutWorkspace(options),
      operation: 'collections.delete',
      expectedStatus: 204,
    })
  }
}
