/**
 * Task configuration collections and local repositories against the real Debusine 0.16.2
 * server: plain directories and git work trees.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile, mkdir, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CollectionCategory } from '@debusine-ts/models'
import { NotFoundError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { InvalidRepositoryError } from '../src/task-configurations/repository/invalid-repository-error.js'

let workspace: string
let client: DebusineClient
let scratch: string

beforeAll(async () => {
  workspace = await freshWorkspace('taskconfig')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  scratch = await mkdtemp(join(tmpdir(), 'debusine-ts-task-config-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

async function newCollection() {
  return client.collections.create({
    name: uniqueName('tc').replace(/-/g, '.'),
    category: CollectionCategory.TASK_CONFIGURATION,
    data: {},
  })
}

function git(directory: string, ...args: string[]): string {
  return execFileSync('git', ['-C', directory, ...args], { encoding: 'utf8' }).trim()
}

async function gitRepository(label: string): Promise<string> {
  const directory = join(scratch, label)
  await mkdir(directory)
  git(directory, 'init', '--quiet')
  git(directory, 'config', 'user.name', 'Test')
  git(directory, 'config', 'user.email', 'test@example.org')
  git(directory, 'config', 'commit.gpgsign', 'false')
  return directory
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.git'))
    .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1))
    .sort()
}

const sbuild = { task_type: 'Worker', task_name: 'sbuild', default_values: { backend: 'unshare' } }
const lintian = {
  task_type: 'Worker',
  task_name: 'lintian',
  subject: 'hello',
  override_values: { fail_on: 'error' },
}
const template = { template: 'base', lock_values: ['backend'], comment: 'shared defaults' }

requires('taskConfigurations').describe('task configuration collections', () => {
  it('fetches the collection and its items; a missing one is not found', async () => {
    const collection = await newCollection()
    const contents = await client.taskConfigurations.fetch({ name: collection.name })
    expect(contents).toMatchObject({
      collection: { id: collection.id, name: collection.name, data: {} },
      items: [],
    })
    await expect(client.taskConfigurations.fetch({ name: 'no-such-collection' })).rejects.toBeInstanceOf(
      NotFoundError,
    )
  })

  it('pushes a plain directory: dry-run counts match the real push, and changes are counted', async () => {
    const collection = await newCollection()
    const directory = join(scratch, 'plain')
    const fetched = await client.taskConfigurations.fetchToRepository(directory, { name: collection.name })
    expect(fetched.git).toBe(false)
    expect(fetched.stats).toEqual({ added: 0, updated: 0, deleted: 0, unchanged: 0 })
    expect(parse(await readFile(join(directory, 'MANIFEST'), 'utf8'))).toMatchObject({
      workspace,
      collection: { id: collection.id, name: collection.name, data: {} },
    })

    await writeFile(
      join(directory, 'builds.yaml'),
      `- ${JSON.stringify(sbuild)}\n- ${JSON.stringify(template)}\n`,
    )
    await mkdir(join(directory, 'qa'))
    await writeFile(join(directory, 'qa', 'lintian.yaml'), `${JSON.stringify(lintian)}\n`)

    const dryRun = await client.taskConfigurations.push(directory, { dryRun: true })
    expect(dryRun).toMatchObject({
      added: 3,
      updated: 0,
      removed: 0,
      unchanged: 0,
      dryRun: true,
      gitCommit: null,
    })
    expect((await client.taskConfigurations.fetch({ name: collection.name })).items).toEqual([])
    const pushed = await client.taskConfigurations.push(directory)
    expect(pushed).toMatchObject({ added: 3, updated: 0, removed: 0, unchanged: 0, dryRun: false })
    const { items } = await client.taskConfigurations.fetch({ name: collection.name })
    expect(items.map((item) => [item.path, item.position]).sort()).toEqual([
      ['builds.yaml', 0],
      ['builds.yaml', 1],
      ['qa/lintian.yaml', 0],
    ])

    // Change the first entry of builds.yaml, drop qa/lintian.yaml.
    await writeFile(
      join(directory, 'builds.yaml'),
      `- ${JSON.stringify({ ...sbuild, default_values: { backend: 'incus-lxc' } })}\n- ${JSON.stringify(template)}\n`,
    )
    await rm(join(directory, 'qa'), { recursive: true })
    const expected = { added: 0, updated: 1, removed: 1, unchanged: 1 }
    expect(await client.taskConfigurations.push(directory, { dryRun: true })).toMatchObject(expected)
    expect(await client.taskConfigurations.push(directory)).toMatchObject(expected)
    expect(await client.taskConfigurations.push(directory)).toMatchObject({
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 2,
    })
  })

  it('fetches into a new directory with the layout of the pushed one', async () => {
    const collection = await newCollection()
    const source = join(scratch, 'layout-source')
    await client.taskConfigurations.fetchToRepository(source, { name: collection.name })
    await mkdir(join(source, 'a', 'b'), { recursive: true })
    await writeFile(join(source, 'many.yaml'), `- ${JSON.stringify(sbuild)}\n- ${JSON.stringify(template)}\n`)
    await writeFile(join(source, 'a', 'b', 'one.yaml'), `${JSON.stringify(lintian)}\n`)
    await client.taskConfigurations.push(source)

    const copy = join(scratch, 'layout-copy')
    const result = await client.taskConfigurations.fetchToRepository(copy, { name: collection.name })
    expect(result.stats).toEqual({ added: 3, updated: 0, deleted: 0, unchanged: 0 })
    expect(await listFiles(copy)).toEqual(['MANIFEST', 'a/b/one.yaml', 'many.yaml'])
    const one: unknown = parse(await readFile(join(copy, 'a', 'b', 'one.yaml'), 'utf8'))
    expect(one).toMatchObject(lintian) // one entry: a mapping
    const many: unknown = parse(await readFile(join(copy, 'many.yaml'), 'utf8'))
    expect(many).toMatchObject([sbuild, template]) // several: a list, in position order
    const text = await readFile(join(copy, 'many.yaml'), 'utf8')
    expect(text).not.toMatch(/^\s*-?\s*(path|position):/m)
    const keys = [...text.split('\n')[0]!.matchAll(/^- (\w+):/g)].map((match) => match[1])
    expect(keys).toEqual(['comment']) // keys sorted: "comment" comes first

    // A second fetch changes nothing and rewrites nothing.
    const before = await stat(join(copy, 'many.yaml'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await client.taskConfigurations.fetchToRepository(copy)
    expect(again.stats).toEqual({ added: 0, updated: 0, deleted: 0, unchanged: 3 })
    expect((await stat(join(copy, 'many.yaml'))).mtimeMs).toBe(before.mtimeMs)
    // Pushing the copy back changes nothing either.
    expect(await client.taskConfigurations.push(copy, { dryRun: true })).toMatchObject({
      unchanged: 3,
      added: 0,
    })
  })

  it('puts items without a path in new.yaml, or where the same entry already is', async () => {
    const collection = await newCollection()
    // Items pushed without path, as another tool might.
    await client.transport.request('POST', `/task-configuration/${workspace}/${collection.name}/`, {
      body: {
        collection: { id: collection.id, name: collection.name, data: {} },
        items: [sbuild, template],
        dry_run: false,
      },
    })
    const directory = join(scratch, 'pathless')
    await mkdir(directory)
    await writeFile(join(directory, 'mine.yaml'), `${JSON.stringify(template)}\n`)
    const result = await client.taskConfigurations.fetchToRepository(directory, { name: collection.name })
    expect(await listFiles(directory)).toEqual(['MANIFEST', 'mine.yaml', 'new.yaml'])
    expect(parse(await readFile(join(directory, 'new.yaml'), 'utf8'))).toMatchObject(sbuild)
    expect(result.changes.find((change) => change.file === 'mine.yaml')?.kind).toBe('unchanged')
  })

  it('keeps files with no entry left in a plain directory, with a warning', async () => {
    const collection = await newCollection()
    const directory = join(scratch, 'plain-keep')
    await client.taskConfigurations.fetchToRepository(directory, { name: collection.name })
    await writeFile(join(directory, 'gone.yaml'), `${JSON.stringify(sbuild)}\n`)
    const result = await client.taskConfigurations.fetchToRepository(directory)
    expect(result.stats.deleted).toBe(1)
    expect(result.warnings.join()).toMatch(/gone\.yaml: kept/)
    expect(await listFiles(directory)).toContain('gone.yaml')
  })

  it('refuses a directory holding another collection, and a push without MANIFEST', async () => {
    const first = await newCollection()
    const second = await newCollection()
    const directory = join(scratch, 'mismatch')
    await client.taskConfigurations.fetchToRepository(directory, { name: first.name })
    const wrong = client.taskConfigurations.fetchToRepository(directory, { name: second.name })
    await expect(wrong).rejects.toBeInstanceOf(InvalidRepositoryError)
    await expect(wrong).rejects.toThrow(/MANIFEST .*not .*\[manifest_mismatch\]/)
    const empty = join(scratch, 'empty')
    await mkdir(empty)
    await expect(client.taskConfigurations.push(empty)).rejects.toThrow(/\[missing_manifest\]/)
  })

  it('round-trips a git work tree: HEAD becomes git_commit, dirty trees and unknown commits are refused', async () => {
    const collection = await newCollection()
    const directory = await gitRepository('git')
    const fetched = await client.taskConfigurations.fetchToRepository(directory, { name: collection.name })
    expect(fetched.git).toBe(true)
    await writeFile(
      join(directory, 'builds.yaml'),
      `- ${JSON.stringify(sbuild)}\n- ${JSON.stringify(template)}\n`,
    )
    await writeFile(join(directory, 'lintian.yaml'), `${JSON.stringify(lintian)}\n`)

    // Uncommitted entry files: refused, unless forced.
    await expect(client.taskConfigurations.push(directory)).rejects.toThrow(
      /uncommitted changes.*\[dirty_work_tree\]/,
    )
    await expect(client.taskConfigurations.fetchToRepository(directory)).rejects.toThrow(
      /\[dirty_work_tree\]/,
    )
    git(directory, 'add', '.')
    git(directory, 'commit', '--quiet', '-m', 'first')
    const head = git(directory, 'rev-parse', 'HEAD')
    const pushed = await client.taskConfigurations.push(directory)
    expect(pushed).toMatchObject({ added: 3, gitCommit: head, warnings: [] })
    expect((await client.taskConfigurations.fetch({ name: collection.name })).collection.data).toEqual({
      git_commit: head,
    })

    // Another repository, whose history lacks the server's commit: refused unless forced.
    const other = await gitRepository('git-other')
    await client.taskConfigurations.fetchToRepository(other, { name: collection.name })
    git(other, 'add', '.')
    git(other, 'commit', '--quiet', '-m', 'other')
    await expect(client.taskConfigurations.push(other, { dryRun: true })).rejects.toThrow(
      new RegExp(`pushed from commit ${head}.*\\[unknown_server_commit\\]`),
    )

    // Remove lintian.yaml on the server (forced push from "other" without it).
    await rm(join(other, 'lintian.yaml'))
    git(other, 'commit', '--quiet', '-am', 'drop lintian')
    const forced = await client.taskConfigurations.push(other, { force: true })
    expect(forced).toMatchObject({ removed: 1, unchanged: 2 })
    expect(forced.warnings.join()).toMatch(/not in the history/)

    // Fetching into the first work tree deletes the file: the deletion shows in git.
    const pulled = await client.taskConfigurations.fetchToRepository(directory)
    expect(pulled.stats).toMatchObject({ deleted: 1, unchanged: 2 })
    expect(await listFiles(directory)).toEqual(['MANIFEST', 'builds.yaml'])
    expect(git(directory, 'status', '--porcelain')).toMatch(/D lintian\.yaml/)
  })

  it('a dry run still saves git_commit on the server (Debusine 0.16.2 behaviour)', async () => {
    const collection = await newCollection()
    const directory = await gitRepository('git-dry')
    await client.taskConfigurations.fetchToRepository(directory, { name: collection.name })
    await writeFile(join(directory, 'one.yaml'), `${JSON.stringify(sbuild)}\n`)
    git(directory, 'add', '.')
    git(directory, 'commit', '--quiet', '-m', 'one')
    const head = git(directory, 'rev-parse', 'HEAD')
    const dryRun = await client.taskConfigurations.push(directory, { dryRun: true })
    expect(dryRun).toMatchObject({ added: 1, dryRun: true, gitCommit: head })
    const server = await client.taskConfigurations.fetch({ name: collection.name })
    expect(server.items).toEqual([])
    expect(server.collection.data).toEqual({ git_commit: head })
    // A (forced) push from a plain directory removes git_commit.
    const plain = join(scratch, 'plain-after-git')
    await client.taskConfigurations.fetchToRepository(plain, { name: collection.name })
    await client.taskConfigurations.push(plain, { dryRun: true, force: true })
    expect((await client.taskConfigurations.fetch({ name: collection.name })).collection.data).toEqual({})
  })
})
