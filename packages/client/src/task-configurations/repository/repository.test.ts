import { execFileSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  TaskConfigurationItemSchema,
  type TaskConfigurationCollectionContents,
  type TaskConfigurationItem,
} from '@debusine-ts/models'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { InvalidRepositoryError } from './invalid-repository-error.js'
import { TaskConfigurationRepository } from './repository.js'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'task-config-repository-'))
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

function item(fields: Record<string, unknown>): TaskConfigurationItem {
  return TaskConfigurationItemSchema.parse(fields)
}
function contents(
  items: TaskConfigurationItem[],
  data: Record<string, unknown> = {},
): TaskConfigurationCollectionContents {
  return { links: {}, collection: { links: {}, id: 7, name: 'default', data }, items }
}
function git(...args: string[]): string {
  return execFileSync('git', ['-C', directory, ...args], { encoding: 'utf8' }).trim()
}

describe('TaskConfigurationRepository', () => {
  it('lays out a fetched collection and writes a sorted MANIFEST; unchanged files are not rewritten', async () => {
    const repository = await TaskConfigurationRepository.open(directory)
    expect(repository.git).toBe(false)
    const items = [
      item({ task_type: 'Worker', task_name: 'sbuild', path: 'a/builds.yaml', position: 0 }),
      item({ template: 'base', path: 'a/builds.yaml', position: 1 }),
      item({ task_type: 'Worker', task_name: 'lintian', path: 'qa.yaml', position: 0 }),
    ]
    const result = await repository.pull('System', contents(items, { git_commit: 'a'.repeat(40) }))
    expect(result.stats).toEqual({ added: 3, updated: 0, deleted: 0, unchanged: 0 })
    const manifestText = await readFile(join(directory, 'MANIFEST'), 'utf8')
    expect(parse(manifestText)).toEqual({
      collection: { data: { git_commit: 'a'.repeat(40) }, id: 7, links: {}, name: 'default' },
      workspace: 'System',
    })
    expect(manifestText.indexOf('collection:')).toBeLessThan(manifestText.indexOf('workspace:'))
    expect(Array.isArray(parse(await readFile(join(directory, 'a', 'builds.yaml'), 'utf8')))).toBe(true)
    expect(parse(await readFile(join(directory, 'qa.yaml'), 'utf8'))).toMatchObject({ task_name: 'lintian' })

    const reopened = await TaskConfigurationRepository.open(directory)
    expect(reopened.items()).toEqual(items)
    const before = await stat(join(directory, 'qa.yaml'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await reopened.pull('System', contents(items))
    expect(again.stats.unchanged).toBe(3)
    expect((await stat(join(directory, 'qa.yaml'))).mtimeMs).toBe(before.mtimeMs)
    // No temporary file is left behind.
    expect((await readdir(directory)).sort()).toEqual(['MANIFEST', 'a', 'qa.yaml'])
  })

  it('refuses a MANIFEST of another collection', async () => {
    await (await TaskConfigurationRepository.open(directory)).pull('System', contents([]))
    const repository = await TaskConfigurationRepository.open(directory)
    const other = contents([])
    other.collection.id = 8
    await expect(repository.pull('System', other)).rejects.toThrow(
      /MANIFEST .*id 7.*id 8.*\[manifest_mismatch\]/,
    )
    await expect(repository.pull('Other', contents([]))).rejects.toBeInstanceOf(InvalidRepositoryError)
  })

  it('reports an invalid MANIFEST and duplicate item names', async () => {
    await writeFile(join(directory, 'MANIFEST'), 'workspace: System\nextra: 1\n')
    await expect(TaskConfigurationRepository.open(directory)).rejects.toThrow(
      /MANIFEST .*not a valid manifest.*\[manifest\]/,
    )
    await rm(join(directory, 'MANIFEST'))
    await writeFile(join(directory, 'a.yaml'), 'template: base\n')
    await writeFile(join(directory, 'b.yaml'), 'template: base\n')
    const repository = await TaskConfigurationRepository.open(directory)
    expect(() => repository.requireManifest()).toThrow(/\[missing_manifest\]/)
    expect(() => repository.items()).toThrow(
      /b\.yaml .*"template:base", like a\.yaml entry 0.*\[duplicate_item_name\]/,
    )
  })

  it('in a git work tree: refuses to pull over uncommitted changes, deletes emptied files', async () => {
    git('init', '--quiet')
    git('config', 'user.name', 'Test')
    git('config', 'user.email', 'test@example.org')
    git('config', 'commit.gpgsign', 'false')
    const repository = await TaskConfigurationRepository.open(directory)
    expect(repository.git).toBe(true)
    expect(await repository.headCommit()).toBeNull()
    await repository.pull('System', contents([item({ template: 'x', path: 'sub/dir/x.yaml', position: 0 })]))
    const dirty = await TaskConfigurationRepository.open(directory)
    await expect(dirty.pull('System', contents([]))).rejects.toThrow(
      /uncommitted changes.*\[dirty_work_tree\]/,
    )
    // Files other than entry files and the MANIFEST do not count.
    git('add', '.')
    git('commit', '--quiet', '-m', 'x')
    await writeFile(join(directory, 'README'), 'notes\n')
    const clean = await TaskConfigurationRepository.open(directory)
    expect(await clean.uncommittedChanges()).toEqual([])
    const head = git('rev-parse', 'HEAD')
    expect(await clean.headCommit()).toBe(head)
    expect(await clean.hasCommit(head)).toBe(true)
    expect(await clean.hasCommit('b'.repeat(40))).toBe(false)
    const result = await clean.pull('System', contents([]))
    expect(result.warnings).toEqual([])
    expect(result.stats.deleted).toBe(1)
    expect((await readdir(directory)).sort()).toEqual(['.git', 'MANIFEST', 'README'])
  })

  it.each([
    [
      'a linked directory',
      'sub/evil.yaml',
      async (outside: string) => symlink(outside, join(directory, 'sub')),
    ],
    [
      'a link at the file itself',
      'evil.yaml',
      async (outside: string) => {
        await writeFile(join(outside, 'victim.yaml'), 'keep\n')
        await symlink(join(outside, 'victim.yaml'), join(directory, 'evil.yaml'))
      },
    ],
    [
      'a dangling link in a deeper directory',
      'a/b/evil.yaml',
      async (outside: string) => {
        await mkdir(join(directory, 'a'))
        await symlink(join(outside, 'missing'), join(directory, 'a', 'b'))
      },
    ],
  ])('refuses to pull through %s, writing nothing', async (_label, path, plant) => {
    const outside = await mkdtemp(join(tmpdir(), 'task-config-outside-'))
    try {
      await plant(outside)
      const before = (await readdir(outside)).sort()
      const listed = (await readdir(directory)).sort()
      const repository = await TaskConfigurationRepository.open(directory)
      const pulled = repository.pull('System', contents([item({ template: 'evil', path, position: 0 })]))
      await expect(pulled).rejects.toThrow(/is a symbolic link.*\[symlink_in_path\]/)
      await expect(pulled).rejects.toMatchObject({ rule: 'symlink_in_path', file: path })
      expect((await readdir(outside)).sort()).toEqual(before)
      if (before.includes('victim.yaml'))
        expect(await readFile(join(outside, 'victim.yaml'), 'utf8')).toBe('keep\n')
      // Not even the MANIFEST: the refusal comes before any write.
      expect((await readdir(directory)).sort()).toEqual(listed)
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('never hands git a commit id from the server that is not one', async () => {
    const bin = join(directory, 'bin')
    await mkdir(bin)
    const argv = join(directory, 'argv')
    await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$@" >> '${argv}'\necho true\n`)
    await chmod(join(bin, 'git'), 0o755)
    const path = process.env.PATH
    process.env.PATH = `${bin}:${path ?? ''}`
    try {
      const repository = await TaskConfigurationRepository.open(directory)
      expect(repository.git).toBe(true)
      expect(await repository.hasCommit('--output=/tmp/debusine-ts-evil')).toBe(false)
    } finally {
      process.env.PATH = path
    }
    expect(await readFile(argv, 'utf8')).not.toContain('--output')
  })
})
