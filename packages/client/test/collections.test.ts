/**
 * Collections, their items and relations against the real Debusine 0.16.2 server, in a
 * fresh workspace.
 */
import { CollectionCategory, ValidationError } from '@debusine-ts/models'
import { BadRequestError, NotFoundError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { CollectionRelationsChangedError } from '../src/collections/relations-changed-error.js'

let workspace: string
let client: DebusineClient

beforeAll(async () => {
  workspace = await freshWorkspace('collections')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

function name(prefix: string): string {
  return uniqueName(prefix).replace(/-/g, '.')
}

requires('collections.create').describe('collections', () => {
  it('creates, gets (by name and id), updates and deletes a collection', async () => {
    const created = await client.collections.create({
      name: name('suite'),
      category: CollectionCategory.SUITE,
      metadata_only_retention_period: 30,
      data: { components: ['main'], architectures: ['amd64'] },
    })
    expect(created).toMatchObject({
      category: 'debian:suite',
      metadata_only_retention_period: 30,
      full_history_retention_period: null,
      data: { components: ['main'], architectures: ['amd64'] },
      stats: null,
    })
    const byName = await client.collections.get({
      category: created.category,
      name: created.name,
      withStats: true,
    })
    expect(byName.id).toBe(created.id)
    expect(Array.isArray(byName.stats)).toBe(true)
    expect((await client.collections.getById(created.id)).name).toBe(created.name)

    const renamed = name('renamed')
    const updated = await client.collections.update({
      ...created,
      name: renamed,
      full_history_retention_period: 7,
      data: { ...created.data, architectures: ['amd64', 'arm64'] },
    })
    expect(updated).toMatchObject({ id: created.id, name: renamed, full_history_retention_period: 7 })
    expect(updated.data['architectures']).toEqual(['amd64', 'arm64'])

    await client.collections.delete(updated)
    await expect(client.collections.getById(created.id)).rejects.toBeInstanceOf(NotFoundError)
    await expect(client.collections.delete(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('lists more than one page of collections', async () => {
    const prefix = name('page')
    for (let index = 0; index < 11; index += 1) {
      await client.collections.create({
        name: `${prefix}.${index}`,
        category: CollectionCategory.TEST,
        data: {},
      })
    }
    const pages = []
    for await (const page of client.collections.list().pages()) pages.push(page)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const all = await client.collections.list().toArray({ limit: Infinity })
    expect(all.length).toBe(pages[0]?.count)
    expect(all.filter((collection) => collection.name.startsWith(prefix))).toHaveLength(11)
  })

  it('shows why the server refuses a duplicate name, a category change and a rename', async () => {
    const first = await client.collections.create({
      name: name('dup'),
      category: CollectionCategory.TEST,
      data: {},
    })
    const duplicate = client.collections.create({
      name: first.name,
      category: CollectionCategory.TEST,
      data: {},
    })
    await expect(duplicate).rejects.toBeInstanceOf(BadRequestError)
    await expect(duplicate).rejects.toThrow(
      /Cannot create collection \(A collection with the same name already exists\)/,
    )

    await expect(client.collections.update({ ...first, category: CollectionCategory.SUITE })).rejects.toThrow(
      /The category of a collection cannot be changed/,
    )
    const second = await client.collections.create({
      name: name('other'),
      category: CollectionCategory.TEST,
      data: {},
    })
    await expect(client.collections.update({ ...second, name: first.name })).rejects.toThrow(
      /New name conflicts with an existing collection .*called '.*' already exists/,
    )
  })

  it('keeps the singleton rule: "_" for singleton categories only', async () => {
    // The server answers a bare "Cannot create collection": the client says why, before sending.
    expect(() =>
      client.collections.create({ name: 'logs', category: CollectionCategory.PACKAGE_BUILD_LOGS, data: {} }),
    ).toThrow(ValidationError)
    expect(() =>
      client.collections.create({ name: '_', category: CollectionCategory.TEST, data: {} }),
    ).toThrow(/only singleton categories/)
    let logs
    try {
      logs = await client.collections.get({ category: CollectionCategory.PACKAGE_BUILD_LOGS, name: '_' })
    } catch (error) {
      if (!NotFoundError.isInstance(error)) throw error
      logs = await client.collections.create({
        name: '_',
        category: CollectionCategory.PACKAGE_BUILD_LOGS,
        data: {},
      })
    }
    expect(logs.name).toBe('_')
    const again = client.collections.create({
      name: '_',
      category: CollectionCategory.PACKAGE_BUILD_LOGS,
      data: {},
    })
    await expect(again).rejects.toThrow(/A collection with the same name already exists/)
    await expect(client.collections.update({ ...logs, name: 'logs' })).rejects.toThrow(
      /Invalid name for singleton collection \('debian:package-build-logs' singleton collections must be named '_'\)/,
    )
  })

  it('rejects a bad name before sending and reports an unknown category', async () => {
    expect(() =>
      client.collections.create({ name: '9lives', category: CollectionCategory.TEST, data: {} }),
    ).toThrow(/name: must be "_" or start with a letter/)
    await expect(
      client.collections.create({ name: name('x'), category: 'debusine:no-such-category', data: {} }),
    ).rejects.toThrow(/Cannot deserialize collection/)
  })
})

requires('collections.items').describe('collection items', () => {
  it('lists, filters, gets and deletes items', async () => {
    const collection = await client.collections.create({
      name: name('tc'),
      category: CollectionCategory.TASK_CONFIGURATION,
      data: {},
    })
    expect(await client.collections.items.list(collection).toArray({ limit: 10 })).toEqual([])
    // The cheapest way to add items: push task configuration entries.
    await client.transport.request('POST', `/task-configuration/${workspace}/${collection.name}/`, {
      body: {
        collection: { id: collection.id, name: collection.name, data: {} },
        items: [
          { template: 'base', comment: 'a template' },
          { task_type: 'Worker', task_name: 'noop', path: 'a.yaml', position: 0 },
        ],
        dry_run: false,
      },
    })
    const items = await client.collections.items.list(collection).toArray({ limit: 10 })
    expect(items.map((item) => item.name)).toEqual(['a.yaml:0', 'template:base'])
    expect(items[1]).toMatchObject({ category: 'debusine:task-configuration', data: { template: 'base' } })
    const filtered = await client.collections.items
      .list(collection, { nameStartsWith: 'template:' })
      .toArray({ limit: 10 })
    expect(filtered.map((item) => item.name)).toEqual(['template:base'])
    const byCategory = client.collections.items.list(collection, { category: 'debian:no-such' })
    expect(await byCategory.toArray({ limit: 10 })).toEqual([])

    expect(await client.collections.items.get(collection, 'template:base')).toMatchObject({
      name: 'template:base',
      data: { comment: 'a template' },
    })
    await client.collections.items.delete(collection, 'template:base')
    await expect(client.collections.items.get(collection, 'template:base')).rejects.toBeInstanceOf(
      NotFoundError,
    )
    const missing = { category: CollectionCategory.TEST, name: 'no-such-collection' }
    await expect(client.collections.items.list(missing).toArray({ limit: 1 })).rejects.toBeInstanceOf(
      NotFoundError,
    )
  })
})

requires('collections.relations').describe('collection relations', () => {
  it('replaces targets, lists them with an ETag, and refuses a stale ETag', async () => {
    const suite = (label: string) =>
      client.collections.create({ name: name(label), category: CollectionCategory.SUITE, data: {} })
    const source = await suite('source')
    const first = await suite('first')
    const second = await suite('second')
    const before = await client.collections.relations.getTargets(source, 'suite-requires')
    expect(before.relations).toEqual([])
    expect(before.etag).toMatch(/^"[0-9a-f]{64}"$/)

    const replaced = await client.collections.relations.replace(source, 'suite-requires', [first, second], {
      ifMatch: before.etag ?? undefined,
    })
    expect(replaced.targets.map((target) => target.name)).toEqual([first.name, second.name])
    const after = await client.collections.relations.getTargets(source, 'suite-requires')
    expect(after.relations.map((relation) => [relation.target_collection.name, relation.position])).toEqual([
      [first.name, 1],
      [second.name, 2],
    ])
    expect(after.etag).not.toBe(before.etag)
    const listed = await client.collections.relations.list({ target: second }).toArray({ limit: 10 })
    expect(listed.map((relation) => relation.source_collection.name)).toEqual([source.name])

    const stale = client.collections.relations.replace(source, 'suite-requires', [first], {
      ifMatch: before.etag ?? '',
    })
    await expect(stale).rejects.toBeInstanceOf(CollectionRelationsChangedError)
    await expect(stale).rejects.toThrow(/Collection relations changed.*read them again/)
    await expect(
      client.collections.relations.replace(source, 'suite-based-on', [first, second]),
    ).rejects.toThrow(/Invalid relation targets/)
  })
})
