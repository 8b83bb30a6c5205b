/**
 * client.lookups against the real Debusine 0.16.2 server.
 */
import { CollectionCategory, LookupResultType, ValidationError } from '@debusine-ts/models'
import { BadRequestError, NotFoundError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { rejection } from '../../../tooling/vitest/rejection.js'

let workspace: string
let client: DebusineClient
let artifactId: number
let suite: string
let suiteId: number

beforeAll(async () => {
  workspace = await freshWorkspace('lookup')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  const artifact = (await client.transport.request('POST', '/artifact/', {
    body: { category: 'debusine:test', workspace, files: {}, data: {} },
    expectedStatus: 201,
  })) as { id: number }
  artifactId = artifact.id
  suite = uniqueName('suite')
  const collection = (await client.transport.request('POST', `/collection/${workspace}/`, {
    body: { name: suite, category: CollectionCategory.SUITE, data: {} },
    expectedStatus: 201,
  })) as { id: number }
  suiteId = collection.id
})

requires('lookups').describe('lookups.single', () => {
  it('finds an artifact by NNN@artifacts and by id, typed as an artifact result', async () => {
    const result = await client.lookups.single({ lookup: `${artifactId}@artifacts`, expectType: 'artifact' })
    expectTypeOf(result.artifact).toEqualTypeOf<number>()
    expect(result).toEqual({
      result_type: LookupResultType.ARTIFACT,
      artifact: artifactId,
      collection: null,
      collection_item: null,
      collection_item_id: null,
      collection_info: null,
      parent_collection_lookup: null,
      links: expect.objectContaining({ self: `/api/1.0/artifact/${artifactId}/` }) as unknown,
    })
    await expect(
      client.lookups.single({ lookup: artifactId, expectType: 'artifact' }),
    ).resolves.toMatchObject({
      artifact: artifactId,
    })
  })

  it("accepts the seed's inputs: a/c codes and a work request (not sent, ignored by 0.16.2)", async () => {
    const result = await client.lookups.single({
      lookup: `${artifactId}@artifacts`,
      expectType: 'a',
      workRequest: 1,
    })
    expect(result).toMatchObject({ result_type: 'artifact', artifact: artifactId })
    const collection = await client.lookups.single({ lookup: `${suite}@debian:suite`, expectType: 'c' })
    expect(collection).toMatchObject({ result_type: 'collection', collection: suiteId })
  })

  it('finds a collection it created, with collection_info, also through a default category', async () => {
    const result = await client.lookups.single({ lookup: `${suite}@debian:suite`, expectType: 'collection' })
    expect(result).toMatchObject({
      result_type: LookupResultType.COLLECTION,
      collection: suiteId,
      collection_info: { name: suite, category: CollectionCategory.SUITE },
    })
    await expect(
      client.lookups.single({
        lookup: suite,
        defaultCategory: CollectionCategory.SUITE,
        expectType: 'collection',
      }),
    ).resolves.toMatchObject({ collection: suiteId })
  })

  it('resolves in the workspace given, else in the client default one', async () => {
    const inSystem = await client.lookups.single({
      lookup: '_@debian:package-build-logs',
      expectType: 'collection',
      workspace: realServer().workspace,
    })
    expect(inSystem.collection_info).toEqual({ name: '_', category: CollectionCategory.PACKAGE_BUILD_LOGS })
    const error = await rejection(
      client.lookups.single({ lookup: `${suite}@debian:suite`, workspace: realServer().workspace }),
    )
    expect(NotFoundError.isInstance(error)).toBe(true)
  })

  it('"No matches" is a NotFoundError; a type mismatch and an unknown workspace are BadRequestErrors', async () => {
    const missing = await rejection(
      client.lookups.single({ lookup: 'nope@debian:suite', expectType: 'collection' }),
    )
    expect(NotFoundError.isInstance(missing)).toBe(true)
    expect((missing as NotFoundError).title).toBe('No matches')
    expect(missing.message).toContain("'nope@debian:suite' does not exist or is hidden")
    const mismatch = await rejection(
      client.lookups.single({ lookup: `${artifactId}@artifacts`, expectType: 'collection' }),
    )
    expect(BadRequestError.isInstance(mismatch)).toBe(true)
    expect((mismatch as BadRequestError).title).toBe('Lookup error')
    const workspaceError = await rejection(
      client.lookups.single({
        lookup: `${artifactId}@artifacts`,
        workspace: uniqueName('no-such-workspace'),
      }),
    )
    expect(BadRequestError.isInstance(workspaceError)).toBe(true)
    expect(workspaceError.message).toMatch(/workspace/)
  })

  it('validates the input before sending', async () => {
    await expect(client.lookups.single({ lookup: '', expectType: 'artifact' })).rejects.toSatisfy((error) =>
      ValidationError.isInstance(error),
    )
    await expect(client.lookups.single({ lookup: 'x', expectType: 'something' as never })).rejects.toThrow(
      /expect_type/,
    )
  })
})

requires('lookups').describe('lookups.multiple', () => {
  it('returns one normalized result per lookup, in order', async () => {
    const results = await client.lookups.multiple({
      lookup: [`${artifactId}@artifacts`, `${suite}@debian:suite`],
    })
    expect(results).toMatchObject([
      { result_type: 'artifact', artifact: artifactId },
      { result_type: 'collection', collection: suiteId, collection_info: { name: suite } },
    ])
    const artifacts = await client.lookups.multiple({
      lookup: [artifactId, `${artifactId}@artifacts`],
      expectType: 'artifact',
    })
    expectTypeOf(artifacts[0]!.artifact).toEqualTypeOf<number>()
    expect(artifacts.map((result) => result.artifact)).toEqual([artifactId, artifactId])
  })

  it('a lookup dict over an empty suite finds nothing, without error', async () => {
    await expect(
      client.lookups.multiple({
        lookup: { collection: `${suite}@debian:suite`, child_type: 'artifact' },
        expectType: 'artifact',
      }),
    ).resolves.toEqual([])
  })

  it('no match is a NotFoundError; an unknown dict key is refused before sending', async () => {
    const missing = await rejection(
      client.lookups.multiple({ lookup: [`${artifactId}@artifacts`, 'nope@debian:suite'] }),
    )
    expect(NotFoundError.isInstance(missing)).toBe(true)
    expect((missing as NotFoundError).title).toBe('One of the lookups returned no matches')
    const bad = await rejection(
      client.lookups.multiple({ lookup: [{ collection: 'x@debian:suite', colour: 'red' }] }),
    )
    expect(ValidationError.isInstance(bad)).toBe(true)
    expect(bad.message).toMatch(/colour/)
  })
})
