import {
  parseResponse,
  RelationCreateRequestModel,
  RelationListSchema,
  RelationSchema,
  ResponseValidationError,
  ValidationError,
  type Relation,
  type RelationList,
  type RelationType,
} from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import { checkId } from '../internal/argument-checks.js'
import { explainingRefusal } from '../internal/api-error-hint.js'

/** What {@link Relations.create} returns: the relation, and whether this call created it. */
export interface RelationCreateResult {
  /** The relation, new or already there. */
  relation: Relation
  /** `true` when the server created it (201), `false` when an identical one existed (200). */
  created: boolean
}

/** Which relations {@link Relations.list} returns: exactly one of the two. */
export type RelationListFilter =
  | {
      /** Relations from this artifact. */
      artifact: number
      target?: undefined
    }
  | {
      artifact?: undefined
      /** Relations to this artifact. */
      target: number
    }

/** Relations between artifacts (`/artifact-relation/`): `extends`, `relates-to`, `built-using`. */
export class Relations {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Relate artifact `artifactId` to `targetId` (`POST /artifact-relation/`). Creating a
   * relation that already exists is not an error: the server answers 200 with it, and
   * `created` is `false`. So a create whose answer was lost is sent again (it makes nothing
   * twice); `created` is then `false` when the lost one had made it.
   *
   * @example
   * const { relation, created } = await client.relations.create(7, 8, RelationType.EXTENDS)
   * @throws {ValidationError} for an id that is not a positive integer or an unknown type (nothing is sent)
   * @throws {BadRequestError} when either artifact still has files to upload, or does not exist
   * @throws {PermissionDeniedError} without the contributor role in the source artifact's workspace
   */
  async create(
    artifactId: number,
    targetId: number,
    type: RelationType,
    options?: RequestOptions,
  ): Promise<RelationCreateResult> {
    const body = RelationCreateRequestModel.create({ artifact: artifactId, target: targetId, type })
    // @NOTE The raw response, because only its status tells "created" (201) from "existed" (200).
    const response = await explainingRefusal(
      `Relating artifact ${artifactId} to ${targetId} needs the contributor role in the workspace of ` +
        `artifact ${artifactId} and the right to see artifact ${targetId}.`,
      () =>
        this.#context.transport.stream('POST', '/artifact-relation/', {
          ...options,
          body: JSON.stringify(body),
          headers: { ...options?.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
          expectedStatus: [200, 201],
          // The server answers an existing identical relation with it (200): sending the
          // create again after a lost answer makes nothing twice.
          idempotent: true,
        }),
    )
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new ResponseValidationError(
        'Relation',
        [{ path: '', rule: 'invalid_json', message: 'the response body is not JSON' }],
        text,
      )
    }
    return { relation: parseResponse('Relation', RelationSchema, parsed), created: response.status === 201 }
  }

  /**
   * The relations from an artifact (`{ artifact }`) or to an artifact (`{ target }`)
   * (`GET /artifact-relation/?artifact=` or `?target_artifact=`; not paginated).
   *
   * @example
   * const outgoing = await client.relations.list({ artifact: 7 })
   * const incoming = await client.relations.list({ target: 7 })
   * @throws {ValidationError} unless exactly one of `artifact` and `target` is given (nothing is sent)
   * @throws {NotFoundError} when the artifact does not exist
   */
  async list(filter: RelationListFilter, options?: RequestOptions): Promise<RelationList> {
    const given = (['artifact', 'target'] as const).filter((key) => filter[key] !== undefined)
    if (given.length !== 1) {
      throw new ValidationError('RelationListFilter', [
        {
          path: 'artifact',
          rule: 'invalid_union',
          message: `exactly one of artifact and target must be given (${given.length === 0 ? 'neither is' : 'both are'})`,
        },
      ])
    }
    const key = given[0]!
    checkId('RelationListFilter', key, filter[key], 'artifact id')
    return this.#context.transport.request('GET', '/artifact-relation/', {
      ...options,
      query: key === 'artifact' ? { artifact: filter.artifact } : { target_artifact: filter.target },
      schema: RelationListSchema,
      model: 'RelationList',
    })
  }
}
