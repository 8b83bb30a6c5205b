/**
 * Token grants on collections (`client.collections.tokens`) against the real Debusine
 * 0.16.2 server, on the `_@debian:archive` collection of a fresh workspace and on a suite.
 */
import { createHash } from 'node:crypto'
import { CollectionCategory, ValidationError } from '@debusine-ts/models'
import { BadRequestError, NotFoundError, PermissionDeniedError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'

let workspace: string
let client: DebusineClient
const archive = { category: CollectionCategory.ARCHIVE, name: '_' }

beforeAll(async () => {
  workspace = await freshWorkspace('tokens')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

requires('collections.tokens').describe('collection token grants', () => {
  it('grants to an external username (a token is minted), lists, grants the same token again, revokes', async () => {
    const username = uniqueName('ext')
    const grant = await client.collections.tokens.grant(archive, {
      username,
      comment: 'CI reader',
      role: 'viewer',
    })
    expect(grant).toMatchObject({
      token_type: 'external-user',
      username,
      comment: 'CI reader',
      role: 'viewer',
    })
    expect(grant.token_key).toMatch(/^[0-9a-f]{64}$/)
    // The hash is the sha256 of the key the server minted.
    expect(grant.token_hash).toBe(
      createHash('sha256')
        .update(grant.token_key ?? '')
        .digest('hex'),
    )

    const listed = await client.collections.tokens.list(archive).toArray({ limit: Infinity })
    expect(listed).toEqual([
      {
        token_type: 'external-user',
        token_hash: grant.token_hash,
        username,
        comment: 'CI reader',
        role: 'viewer',
      },
    ])

    // An existing external-user token by hash: no new key.
    const suite = await client.collections.create({
      name: uniqueName('suite'),
      category: CollectionCategory.SUITE,
      data: { components: ['main'], architectures: ['amd64'] },
    })
    const again = await client.collections.tokens.grant(suite, {
      tokenHash: grant.token_hash,
      role: 'viewer',
    })
    expect(again).toMatchObject({ token_hash: grant.token_hash, username, role: 'viewer' })
    expect(again.token_key ?? null).toBeNull()
    expect(
      (await client.collections.tokens.list(suite).toArray({ limit: Infinity })).map(
        (item) => item.token_hash,
      ),
    ).toEqual([grant.token_hash])

    await client.collections.tokens.revoke(archive, grant.token_hash, 'viewer')
    expect(await client.collections.tokens.list(archive).toArray({ limit: Infinity })).toEqual([])
    await client.collections.tokens.revoke(suite, grant.token_hash, 'viewer')
    expect(await client.collections.tokens.list(suite).toArray({ limit: Infinity })).toEqual([])
  })

  it('refuses a user token, with the server reason and what to do instead', async () => {
    const userTokenHash = createHash('sha256').update(realServer().noroleToken).digest('hex')
    const refusal = await client.collections.tokens
      .grant(archive, { tokenHash: userTokenHash, role: 'viewer' })
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(BadRequestError)
    expect((refusal as BadRequestError).detail).toEqual(['Cannot grant roles to user tokens'])
    expect((refusal as Error).message).toContain('Cannot grant roles to user tokens')
    expect((refusal as Error).message).toContain('grant to an external username instead')
  })

  it('validates the body before sending: no token nor username, a long comment, an unknown key', async () => {
    const missing = await client.collections.tokens
      .grant(archive, { role: 'viewer' })
      .catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(ValidationError)
    expect((missing as ValidationError).message).toMatch(
      /token_hash.*at least one of token_hash and username/,
    )
    await expect(
      client.collections.tokens.grant(archive, { username: 'x', comment: 'c'.repeat(101), role: 'viewer' }),
    ).rejects.toThrow(/comment/)
    await expect(
      client.collections.tokens.grant(archive, { username: 'x', role: 'viewer', token_hash: 'x' } as never),
    ).rejects.toThrow(/unknown key "token_hash"/)
  })

  it('server errors: an unknown role, a grant that does not exist, another user, an unknown collection', async () => {
    await expect(
      client.collections.tokens.grant(archive, { username: uniqueName('ext'), role: 'bogus' }),
    ).rejects.toThrow(/bogus\\?" is not a valid choice/)
    await expect(client.collections.tokens.revoke(archive, '0'.repeat(64), 'viewer')).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(
      client.collections.tokens
        .list({ category: CollectionCategory.SUITE, name: 'nonexistent' })
        .toArray({ limit: Infinity }),
    ).rejects.toBeInstanceOf(NotFoundError)
    const server = realServer()
    const norole = new DebusineClient({
      apiUrl: server.apiUrl,
      token: server.noroleToken,
      scope: server.scope,
    })
    const denied = await norole.collections.tokens
      .grant(archive, { username: uniqueName('ext'), role: 'viewer' }, { workspace: 'System' })
      .catch((error: unknown) => error)
    expect(denied).toBeInstanceOf(PermissionDeniedError)
    expect((denied as Error).message).toMatch(/cannot configure collection _@debian:archive.*owner role/)
  })
})
