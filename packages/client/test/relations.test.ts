/**
 * client.relations against the real Debusine 0.16.2 server.
 */
import { RelationType, ValidationError } from '@debusine-ts/models'
import { BadRequestError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'

let workspace: string
let client: DebusineClient

/** An artifact without files: complete at once, so it may be related. */
async function artifact(): Promise<number> {
  const created = (await client.transport.request('POST', '/artifact/', {
    body: { category: 'debusine:test', workspace, files: {}, data: {} },
    expectedStatus: 201,
  })) as { id: number }
  return created.id
}

beforeAll(async () => {
  workspace = await freshWorkspace('rel')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

describe('relations', () => {
  it('creates a relation (created: true), and again (created: false, same relation)', async () => {
    const [source, target] = [await artifact(), await artifact()]
    const first = await client.relations.create(source, target, RelationType.EXTENDS)
    expect(first.created).toBe(true)
    expect(first.relation).toMatchObject({ artifact: source, target, type: RelationType.EXTENDS })
    const second = await client.relations.create(source, target, RelationType.EXTENDS)
    expect(second).toEqual({ created: false, relation: first.relation })
  })

  it('lists relations from an artifact and to an artifact', async () => {
    const [source, target, other] = [await artifact(), await artifact(), await artifact()]
    const extendsRelation = (await client.relations.create(source, target, RelationType.EXTENDS)).relation
    const relatesTo = (await client.relations.create(source, other, RelationType.RELATES_TO)).relation
    const outgoing = await client.relations.list({ artifact: source })
    expect(outgoing.map((relation) => relation.id).sort()).toEqual([extendsRelation.id, relatesTo.id].sort())
    await expect(client.relations.list({ target })).resolves.toEqual([extendsRelation])
    await expect(client.relations.list({ target: source })).resolves.toEqual([])
  })

  it('requires exactly one of artifact and target, before sending', async () => {
    await expect(client.relations.list({} as never)).rejects.toThrow(
      /exactly one of artifact and target.*neither is/,
    )
    await expect(client.relations.list({ artifact: 1, target: 2 } as never)).rejects.toThrow(/both are/)
    await expect(client.relations.list({ artifact: 0 })).rejects.toSatisfy((error) =>
      ValidationError.isInstance(error),
    )
    await expect(client.relations.create(1, 2, 'parent-of' as never)).rejects.toSatisfy((error) =>
      ValidationError.isInstance(error),
    )
  })

  it('an unknown artifact is refused by the server', async () => {
    const source = await artifact()
    const error = await client.relations
      .create(source, 999_999_999, RelationType.RELATES_TO)
      .catch((caught: unknown) => caught)
    expect(BadRequestError.isInstance(error)).toBe(true)
  })
})
