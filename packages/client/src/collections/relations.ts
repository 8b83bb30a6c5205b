import {
  CollectionRelationPageSchema,
  CollectionRelationSchema,
  CollectionRelationTargetsRequestSchema,
  CollectionRelationTargetsSchema,
  formatCollectionName,
  parseModel,
  parseResponse,
  type CollectionRelation,
  type CollectionRelationTargets,
  type CollectionRelationType,
  type OpenEnum,
} from '@debusine-ts/models'
import { ApiError, path, type PagedList } from '@debusine-ts/transport'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { withoutWorkspace, type CollectionIdentifier, type CollectionRequestOptions } from './options.js'
import { CollectionRelationsChangedError } from './relations-changed-error.js'

/** Filters of {@link CollectionRelations.list}; all optional. */
export interface CollectionRelationFilter {
  /** Only relations from this collection. */
  readonly source?: CollectionIdentifier | undefined
  /** Only relations to this collection. */
  readonly target?: CollectionIdentifier | undefined
  /** Only relations of this type. */
  readonly type?: OpenEnum<CollectionRelationType> | undefined
}

/** The relations of one type from one source collection, and their ETag. */
export interface CollectionRelationSet {
  /** The relations, ordered by position then target. */
  readonly relations: CollectionRelation[]
  /** The ETag of this set (quoted, as sent), to pass as `ifMatch` to {@link CollectionRelations.replace}. */
  readonly etag: string | null
}

/** Options of {@link CollectionRelations.replace}. */
export interface CollectionRelationReplaceOptions extends CollectionRequestOptions {
  /**
   * The ETag read with {@link CollectionRelations.getTargets}: the server then replaces
   * the relations only if nobody changed them since (else
   * {@link CollectionRelationsChangedError}).
   */
  ifMatch?: string | undefined
}

/**
 * Relations between collections of a workspace (`suite-requires`, `suite-based-on`, …):
 * list them, and replace the targets of one source and type (optionally guarded by an ETag).
 *
 * @example
 * const suite = { name: 'trixie-backports', category: 'debian:suite' }
 * const { relations, etag } = await client.collections.relations.getTargets(suite, 'suite-requires')
 * await client.collections.relations.replace(suite, 'suite-requires', [{ name: 'trixie', category: 'debian:suite' }], { ifMatch: etag ?? undefined })
 */
export class CollectionRelations {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * The relations of the workspace's collections, lazily, optionally filtered.
   *
   * @throws {NotFoundError} (when iterated) when a filter names an unknown collection
   * @throws {BadRequestError} (when iterated) when a collection name holds `/`
   */
  list(
    filter: CollectionRelationFilter = {},
    options?: CollectionRequestOptions,
  ): PagedList<CollectionRelation> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionRelations.list')
    return this.#context.transport.list(path`/collection-relation/${workspace}/`, CollectionRelationSchema, {
      operation: 'collections.relations',
      ...withoutWorkspace(options),
      query: {
        source: filter.source === undefined ? undefined : formatCollectionName(filter.source),
        target: filter.target === undefined ? undefined : formatCollectionName(filter.target),
        type: filter.type,
      },
      model: 'CollectionRelation',
    })
  }

  /**
   * The relations of one type from one source collection, in one response, with the
   * ETag that guards a later {@link CollectionRelations.replace}.
   *
   * @throws {NotFoundError} when the source collection does not exist
   */
  async getTargets(
    source: CollectionIdentifier,
    type: OpenEnum<CollectionRelationType>,
    options?: CollectionRequestOptions,
  ): Promise<CollectionRelationSet> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionRelations.getTargets')
    // @NOTE `stream` is used only to read the ETag header; the body is one small JSON page.
    const response = await this.#context.transport.stream('GET', path`/collection-relation/${workspace}/`, {
      operation: 'collections.relations',
      ...withoutWorkspace(options),
      query: { source: formatCollectionName(source), type },
      headers: { Accept: 'application/json', ...options?.headers },
      expectedStatus: 200,
    })
    const page = parseResponse('CollectionRelationPage', CollectionRelationPageSchema, await response.json())
    return { relations: page.results, etag: response.headers.get('ETag') }
  }

  /**
   * Replace the targets of the source collection's relations of one type
   * (`PUT /collection-relation/{workspace}/{NAME@CATEGORY}/{type}/`). Positions 1…n are
   * assigned in order for `suite-requires`.
   *
   * @throws {ValidationError} when a target lacks a name or category, before sending
   * @throws {CollectionRelationsChangedError} when `ifMatch` no longer matches (HTTP 412)
   * @throws {BadRequestError} `Invalid relation type`, `Invalid relation targets` (e.g. more
   *   than one target for a type other than `suite-requires`, or a target of the wrong
   *   category), or a target that does not exist
   * @throws {NotFoundError} when the source collection does not exist
   */
  async replace(
    source: CollectionIdentifier,
    type: OpenEnum<CollectionRelationType>,
    targets: readonly CollectionIdentifier[],
    options?: CollectionRelationReplaceOptions,
  ): Promise<CollectionRelationTargets> {
    const body = parseModel('CollectionRelationTargetsRequest', CollectionRelationTargetsRequestSchema, {
      targets: targets.map((target) => ({ name: target.name, category: target.category })),
    })
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionRelations.replace')
    const { ifMatch, ...rest } = options ?? {}
    try {
      return await this.#context.transport.request(
        'PUT',
        path`/collection-relation/${workspace}/${formatCollectionName(source)}/${type}/`,
        {
          operation: 'collections.relations',
          ...withoutWorkspace(rest),
          headers: { ...rest.headers, ...(ifMatch === undefined ? {} : { 'If-Match': ifMatch }) },
          body,
          schema: CollectionRelationTargetsSchema,
          model: 'CollectionRelationTargets',
          expectedStatus: 200,
        },
      )
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 412) throw new CollectionRelationsChangedError(error)
      throw error
    }
  }
}
