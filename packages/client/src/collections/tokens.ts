import {
  CollectionRole,
  lazySchema,
  openEnum,
  parseModel,
  ValidationError,
  type OpenEnum,
} from '@debusine-ts/models'
import { BadRequestError, path, type PagedList } from '@debusine-ts/transport'
import * as z from 'zod'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { explainPermissionDenied, explainingRefusal, withHint } from '../internal/api-error-hint.js'
import { withoutWorkspace, type CollectionIdentifier, type CollectionRequestOptions } from './options.js'

/**
 * A role a token holds on a collection, as `GET /collection/{workspace}/{category}/{name}/token/`
 * lists it (and `POST` answers). `token_key` is only present in the answer to a grant that
 * minted a new token for an external username: it is shown once and never again.
 */
export const CollectionTokenGrantSchema = lazySchema(() =>
  z.looseObject({
    /** `external-user` for the tokens that can be granted roles. */
    token_type: z.string(),
    token_hash: z.string(),
    token_key: z.string().nullable().optional(),
    username: z.string(),
    comment: z.string(),
    role: openEnum(CollectionRole),
  }),
)
/** A role granted to a token on a collection, as received. */
export type CollectionTokenGrant = z.infer<typeof CollectionTokenGrantSchema>

/**
 * The body of `POST /collection/{workspace}/{category}/{name}/token/`: an existing
 * external-user token (by hash) or an external username (a new token is minted for it),
 * a comment of at most 100 characters, and the role. Unknown fields are rejected.
 */
export const CollectionTokenGrantRequestSchema = lazySchema(() =>
  z
    .strictObject({
      token_hash: z.string().min(1).optional(),
      username: z.string().min(1).optional(),
      comment: z.string().max(100).default(''),
      // @NOTE The server also accepts "owner"; the Python client only offers "viewer".
      role: z.string().min(1),
    })
    .refine((request) => request.token_hash !== undefined || request.username !== undefined, {
      message: 'at least one of token_hash and username must be set',
      path: ['token_hash'],
    }),
)

/** What {@link CollectionTokens.grant} grants, and to whom. */
export interface CollectionTokenGrantInput {
  /** The hash (sha256 hex) of an existing external-user token. */
  readonly tokenHash?: string | undefined
  /** An external username: the server mints a new token for it (its key is in the answer). */
  readonly username?: string | undefined
  /** A comment on the grant, at most 100 characters; default empty. */
  readonly comment?: string | undefined
  /** The role to grant: `viewer`. */
  readonly role: OpenEnum<CollectionRole>
}

const userTokenRefusal = 'Cannot grant roles to user tokens'

/**
 * Roles granted to tokens on a collection (the `debian:archive` singleton or a
 * `debian:suite`): list, grant, revoke. Only external-user tokens can hold them: grant to
 * an external username and the server mints the token. Managing grants needs the
 * `can_configure` permission on the collection (the workspace owners).
 *
 * @example
 * const archive = { category: 'debian:archive', name: '_' }
 * const grant = await client.collections.tokens.grant(archive, { username: 'ci-bot', role: 'viewer' })
 * console.log(grant.token_key) // shown once
 * await client.collections.tokens.revoke(archive, grant.token_hash, 'viewer')
 */
export class CollectionTokens {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * The roles granted to tokens on the collection, lazily (no `token_key`).
   *
   * @throws {NotFoundError} (when iterated) when the collection does not exist
   */
  list(
    collection: CollectionIdentifier,
    options?: CollectionRequestOptions,
  ): PagedList<CollectionTokenGrant> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionTokens.list')
    return this.#context.transport.list(
      path`/collection/${workspace}/${collection.category}/${collection.name}/token/`,
      CollectionTokenGrantSchema,
      { ...withoutWorkspace(options), operation: 'collections.tokens', model: 'CollectionTokenGrant' },
    )
  }

  /**
   * Grant a role on the collection to an external-user token, or to a new token minted for
   * an external username (`POST …/token/`, 201). The answer's `token_key` is the new
   * token's key, shown only this once.
   *
   * @throws {ValidationError} when neither `tokenHash` nor `username` is given, the comment
   *   is longer than 100 characters, the role is empty, or a key is unknown (such as the
   *   wire name `token_hash`), before sending
   * @throws {BadRequestError} when the token is a user token (`Cannot grant roles to user
   *   tokens`), the hash names no token, or the role is unknown
   * @throws {PermissionDeniedError} when the user may not configure the collection
   * @throws {NotFoundError} when the collection does not exist
   */
  async grant(
    collection: CollectionIdentifier,
    grant: CollectionTokenGrantInput,
    options?: CollectionRequestOptions,
  ): Promise<CollectionTokenGrant> {
    const { tokenHash, username, comment, role, ...unknown } = grant
    const unknownKeys = Object.keys(unknown)
    if (unknownKeys.length > 0) {
      // @NOTE Wire names such as `token_hash` would otherwise be dropped silently.
      throw new ValidationError(
        'CollectionTokenGrantInput',
        unknownKeys.map((key) => ({
          path: key,
          rule: 'unrecognized_keys',
          message: `unknown key "${key}": expected tokenHash, username, comment or role`,
        })),
      )
    }
    const body = parseModel('CollectionTokenGrantRequest', CollectionTokenGrantRequestSchema, {
      ...(tokenHash === undefined ? {} : { token_hash: tokenHash }),
      ...(username === undefined ? {} : { username }),
      comment: comment ?? '',
      role,
    })
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionTokens.grant')
    try {
      return await this.#context.transport.request(
        'POST',
        path`/collection/${workspace}/${collection.category}/${collection.name}/token/`,
        {
          operation: 'collections.tokens',
          ...withoutWorkspace(options),
          body,
          schema: CollectionTokenGrantSchema,
          model: 'CollectionTokenGrant',
          expectedStatus: 201,
        },
      )
    } catch (error) {
      if (
        BadRequestError.isInstance(error) &&
        JSON.stringify(error.detail ?? '').includes(userTokenRefusal)
      ) {
        throw new BadRequestError(
          withHint(
            error,
            'Only external-user tokens can be granted collection roles: grant to an external username instead, and the server mints a token.',
          ),
        )
      }
      throw explainPermissionDenied(
        error,
        'Granting roles on a collection needs the owner role in its workspace.',
      )
    }
  }

  /**
   * Revoke a token's role on the collection (`DELETE …/token/{tokenHash}/{role}/`, 204).
   *
   * @throws {NotFoundError} when the token holds no such role there, or the collection does
   *   not exist
   * @throws {PermissionDeniedError} when the user may not configure the collection
   */
  async revoke(
    collection: CollectionIdentifier,
    tokenHash: string,
    role: OpenEnum<CollectionRole>,
    options?: CollectionRequestOptions,
  ): Promise<void> {
    const workspace = requiredWorkspace(this.#context, options?.workspace, 'CollectionTokens.revoke')
    await explainingRefusal('Revoking roles on a collection needs the owner role in its workspace.', () =>
      this.#context.transport.request(
        'DELETE',
        path`/collection/${workspace}/${collection.category}/${collection.name}/token/${tokenHash}/${role}/`,
        { ...withoutWorkspace(options), operation: 'collections.tokens', expectedStatus: 204 },
      ),
    )
  }
}
