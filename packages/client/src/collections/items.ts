import { NotFoundError, path, type PagedList } from '@debusine-ts/transport'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { actOnce, type ReadBack } from '../internal/act-once.js'
import type { ActionOptions } from '../errors/action-outcome.js'
import { CollectionItemSchema, type CollectionItem } from './item-schema.js'
import { withoutWorkspace, type CollectionIdentifier, type CollectionRequestOptions } from './options.js'

/** Options of {@link CollectionItems.list}: filters, workspace and request options. */
export interface CollectionItemListOptions extends CollectionRequestOptions {
  /** Only items whose name starts with this text (`name__startswith`). */
  nameStartsWith?: string | undefined
  /** Only items of this category (of the bare data or artifact). */
  category?: string | undefined
}

/**
 * The active items of a collection: list, get, delete. A collection is named by its
 * category and name (a collection received from the server will do).
 *
 * @example
 * const suite = { category: 'debian:suite', name: 'trixie' }
 * for await (const item of client.collections.items.list(suite, { nameStartsWith: 'hello_' })) {
 *   console.log(item.name)
 * }
 */
export class CollectionItems {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * The collection's active items, lazily, ordered by name; pages hold 10 items.
   *
   * @throws {NotFoundError} (when iterated) `Collection not found` when there is no such collection
   */
  list(collection: CollectionIdentifier, options?: CollectionItemListOptions): PagedList<CollectionItem> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionItems.list')
    const { nameStartsWith, category, ...rest } = options ?? {}
    return this.#context.transport.list(
      path`/collection/${workspace}/${collection.category}/${collection.name}/item/`,
      CollectionItemSchema,
      {
        ...withoutWorkspace(rest),
        query: { name__startswith: nameStartsWith, category },
        operation: 'collections.items',
        model: 'CollectionItem',
      },
    )
  }

  /**
   * One active item of the collection, by its name in the collection.
   *
   * @throws {NotFoundError} when the collection or the item does not exist
   * @example
   * await client.collections.items.get({ category: 'debusine:task-configuration', name: 'default' }, 'template:base')
   */
  get(
    collection: CollectionIdentifier,
    itemName: string,
    options?: CollectionRequestOptions,
  ): Promise<CollectionItem> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionItems.get')
    return this.#context.transport.request(
      'GET',
      path`/collection/${workspace}/${collection.category}/${collection.name}/item/${itemName}/`,
      {
        ...withoutWorkspace(options),
        schema: CollectionItemSchema,
        operation: 'collections.items',
        model: 'CollectionItem',
        expectedStatus: 200,
      },
    )
  }

  /**
   * Remove an item from the collection (204). Items associated with it go too, and a
   * suite regenerates its indexes. When the answer is lost, the item is looked up: gone,
   * the removal was applied (`onRecovered` says so); still there, it is sent again. A
   * removal is never sent again blindly: a second one would fail with 404 once the first
   * was applied.
   *
   * @throws {NotFoundError} when the collection or the item does not exist
   * @throws {BadRequestError} `Cannot remove collection item`, with the server's reason
   * @throws {ActionOutcomeUnknownError} when the answer was lost and it still failed after resends
   */
  async delete(
    collection: CollectionIdentifier,
    itemName: string,
    options?: CollectionRequestOptions & ActionOptions,
  ): Promise<void> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionItems.delete')
    const itemPath = path`/collection/${workspace}/${collection.category}/${collection.name}/item/${itemName}/`
    const { transport } = this.#context
    await actOnce<void>(
      {
        what: `removal of item "${itemName}" from collection ${collection.name}@${collection.category}`,
        check: `client.collections.items.get (workspace "${workspace}")`,
        send: async (sendOptions) => {
          await transport.request('DELETE', itemPath, {
            ...sendOptions,
            operation: 'collections.items',
            expectedStatus: 204,
            idempotent: false,
            retryStaleConnection: false,
          })
        },
        readBack: async (_since, readOptions): Promise<ReadBack<void>> => {
          try {
            await this.get(collection, itemName, { ...readOptions, workspace })
            return { state: 'not-applied' }
          } catch (error) {
            if (NotFoundError.isInstance(error)) return { state: 'applied', value: undefined }
            throw error
          }
        },
      },
      { ...withoutWorkspace(options), onRecovered: options?.onRecovered },
    )
  }
}
