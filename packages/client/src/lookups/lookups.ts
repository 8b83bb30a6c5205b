import {
  AnyLookupSingleResponseSchema,
  LookupArtifactResponseSchema,
  LookupChildType,
  LookupCollectionResponseSchema,
  LookupMultipleResponseSchema,
  normalizeLookupResult,
  parseResponse,
  type LookupArtifactResult,
  type LookupCollectionResult,
  type LookupResult,
} from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import { expectTypeWord, lookupMultipleBody, lookupSingleBody } from './request.js'
import type { LookupExpectType, LookupMultipleInput, LookupSingleInput } from './input.js'

/** Normalize one raw result, checked against the expected type's stricter shape when there is one. */
function typedResult(body: unknown, expectType: LookupExpectType | undefined): LookupResult {
  switch (expectTypeWord(expectType)) {
    case LookupChildType.ARTIFACT:
      return normalizeLookupResult(
        parseResponse('LookupArtifactResponse', LookupArtifactResponseSchema, body),
      )
    case LookupChildType.COLLECTION:
      return normalizeLookupResult(
        parseResponse('LookupCollectionResponse', LookupCollectionResponseSchema, body),
      )
    case LookupChildType.BARE:
    case LookupChildType.ARTIFACT_OR_PROMISE:
    case LookupChildType.ANY:
      return normalizeLookupResult(parseResponse('LookupSingleResponse', AnyLookupSingleResponseSchema, body))
  }
}

/**
 * Lookups: resolve a lookup string (or id, or lookup dict) to artifacts, collections and
 * collection items, as the server's tasks do (`POST /lookup/single/` and
 * `/lookup/multiple/`, user tokens only).
 *
 * Requests are sent as 0.16.2 reads them (`workspace`, `workflow_root`, full-word
 * `expect_type`); the seed's inputs are accepted too (`a`/`b`/`c` expect types, and
 * `workRequest`, which 0.16.2 ignores and the client does not send). Results of both
 * server generations come back as one `LookupResult` shape (see `normalizeLookupResult` of
 * `@debusine-ts/models`).
 */
export class Lookups {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Look up one item. With `expectType: 'artifact'` the result's `artifact` is the id;
   * with `'collection'` it describes a collection.
   *
   * @example
   * const { artifact } = await client.lookups.single({ lookup: '42@artifacts', expectType: 'artifact' })
   * const suite = await client.lookups.single({ lookup: 'sid@debian:suite', expectType: 'collection' })
   * @throws {ValidationError} for a bad input (nothing is sent)
   * @throws {NotFoundError} when nothing matches (title `No matches`)
   * @throws {BadRequestError} when the lookup is malformed or finds another type, or the workspace does not exist
   */
  single(
    input: LookupSingleInput & { expectType: 'artifact' | 'a' },
    options?: RequestOptions,
  ): Promise<LookupArtifactResult>
  single(
    input: LookupSingleInput & { expectType: 'collection' | 'c' },
    options?: RequestOptions,
  ): Promise<LookupCollectionResult>
  single(input: LookupSingleInput, options?: RequestOptions): Promise<LookupResult>
  async single(input: LookupSingleInput, options?: RequestOptions): Promise<LookupResult> {
    const body = lookupSingleBody(input, this.#context.workspace)
    const response = await this.#context.transport.request('POST', '/lookup/single/', {
      operation: 'lookups',
      ...options,
      body,
      // @NOTE A lookup changes nothing on the server: safe to send again.
      idempotent: true,
      expectedStatus: 200,
    })
    return typedResult(response, input.expectType)
  }

  /**
   * Look up several items at once: a list of lookup strings, ids and lookup dicts (or one
   * dict); the results come in the order of the lookups.
   *
   * @example
   * const results = await client.lookups.multiple({
   *   lookup: [{ collection: 'sid@debian:suite', child_type: 'artifact', name__startswith: 'hello_' }],
   *   expectType: 'artifact',
   * })
   * @throws {ValidationError} for a bad input, e.g. an unknown key of a lookup dict (nothing is sent)
   * @throws {NotFoundError} when one of the lookups matches nothing
   * @throws {BadRequestError} when a lookup is malformed or finds another type
   */
  multiple(
    input: LookupMultipleInput & { expectType: 'artifact' | 'a' },
    options?: RequestOptions,
  ): Promise<LookupArtifactResult[]>
  multiple(
    input: LookupMultipleInput & { expectType: 'collection' | 'c' },
    options?: RequestOptions,
  ): Promise<LookupCollectionResult[]>
  multiple(input: LookupMultipleInput, options?: RequestOptions): Promise<LookupResult[]>
  async multiple(input: LookupMultipleInput, options?: RequestOptions): Promise<LookupResult[]> {
    const body = lookupMultipleBody(input, this.#context.workspace)
    const response = await this.#context.transport.request('POST', '/lookup/multiple/', {
      operation: 'lookups',
      ...options,
      body,
      idempotent: true,
      schema: LookupMultipleResponseSchema,
      model: 'LookupMultipleResponse',
      expectedStatus: 200,
    })
    return response.map((item) => typedResult(item, input.expectType))
  }
}
