/**
 * Workspace inheritance chains against the real Debusine 0.16.2 server.
 */
import { ValidationError } from '@debusine-ts/models'
import { BadRequestError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { appendToInheritanceChain, removeFromInheritanceChain } from '../src/workspaces/inheritance-chain.js'

let child: string
let parent: string
let client: DebusineClient

beforeAll(async () => {
  child = await freshWorkspace('child')
  parent = await freshWorkspace('parent')
  const server = realServer()
  client = new DebusineClient({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    workspace: child,
  })
})

requires('workspaces.inheritance').describe('workspace inheritance', () => {
  it('sets the chain from strings and reads it back resolved', async () => {
    const server = realServer()
    const set = await client.workspaces.setInheritance(child, [`${server.scope}/${parent}`, server.workspace])
    expect(set.chain.map((element) => [element.scope, element.workspace])).toEqual([
      [server.scope, parent],
      [server.scope, server.workspace],
    ])
    expect(set.chain.every((element) => typeof element.id === 'number')).toBe(true)
    const read = await client.workspaces.getInheritance()
    expect(read.chain).toEqual(set.chain)
  })

  it('sets the chain from elements (by id), edits it with chain arithmetic and clears it', async () => {
    const server = realServer()
    const { chain: parentChain } = await client.workspaces.setInheritance(parent, [])
    expect(parentChain).toEqual([])
    const byName = await client.workspaces.setInheritance(child, [{ workspace: parent }])
    const parentId = byName.chain[0]?.id
    expect(typeof parentId).toBe('number')

    const byId = await client.workspaces.setInheritance(child, [{ id: parentId }])
    expect(byId.chain).toEqual(byName.chain)
    // Received elements go back as they are; arithmetic adds and removes.
    const appended = await client.workspaces.setInheritance(
      child,
      appendToInheritanceChain(byId.chain, [server.workspace]),
    )
    expect(appended.chain.map((element) => element.workspace)).toEqual([parent, server.workspace])
    const removed = await client.workspaces.setInheritance(
      child,
      removeFromInheritanceChain(appended.chain, [String(parentId)]),
    )
    expect(removed.chain.map((element) => element.workspace)).toEqual([server.workspace])
    expect((await client.workspaces.setInheritance(child, [])).chain).toEqual([])
  })

  it('refuses a chain containing the workspace itself, with the server reason', async () => {
    const attempt = client.workspaces.setInheritance(child, [child])
    await expect(attempt).rejects.toBeInstanceOf(BadRequestError)
    await expect(attempt).rejects.toThrow(/Invalid inheritance chain/)
    await expect(client.workspaces.setInheritance(child, [parent, parent])).rejects.toThrow(
      /Invalid inheritance chain/,
    )
  })

  it('names the element that resolves to no workspace', async () => {
    await expect(client.workspaces.setInheritance(child, ['no-such-workspace'])).rejects.toThrow(
      /no-such-workspace/,
    )
  })

  it('rejects bad elements and chains over 100 before sending', () => {
    expect(() => client.workspaces.setInheritance(child, [''])).toThrow(ValidationError)
    expect(() => client.workspaces.setInheritance(child, [{ scope: 'debusine' }])).toThrow(
      /at least one of id or workspace must be set/,
    )
    expect(() =>
      client.workspaces.setInheritance(
        child,
        Array.from({ length: 101 }, () => parent),
      ),
    ).toThrow(/chain/)
  })
})
