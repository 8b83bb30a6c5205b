import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ValidationError } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeDirectory, temporaryDirectory } from '../test/support/debian-fixtures.js'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { LocalArtifact } from './local-artifact.js'
import { localArtifactKindFor } from './local-artifact-kinds.js'
import { UploadArtifact } from './kinds/upload.js'

let directory: string
beforeAll(() => {
  directory = temporaryDirectory()
  mkdirSync(join(directory, 'sub dir', 'ünïcode'), { recursive: true })
  writeFileSync(join(directory, 'a.txt'), 'a\n')
  writeFileSync(join(directory, 'empty'), '')
  writeFileSync(join(directory, 'sub dir', 'ünïcode', 'naïve file.log'), 'log\n')
  symlinkSync(join(directory, 'sub dir'), join(directory, 'link-to-dir'))
})
afterAll(() => removeDirectory(directory))

const request = { size: 3, checksums: { sha256: 'ab'.repeat(32) }, type: 'file' as const, content_type: null }

async function rejection(promise: Promise<unknown>): Promise<ArtifactRuleError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(ArtifactRuleError.isInstance(error)).toBe(true)
  return error as ArtifactRuleError
}

describe('LocalArtifact.addLocalFile', () => {
  it('puts a file at the root under its own name without a base directory', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    expect(await artifact.addLocalFile(join(directory, 'a.txt'))).toBe('a.txt')
    expect(artifact.files.get('a.txt')).toBe(join(directory, 'a.txt'))
  })

  it('uses the POSIX path relative to the base directory; resolves a relative file against it', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    const path = await artifact.addLocalFile('sub dir/ünïcode/naïve file.log', { baseDirectory: directory })
    expect(path).toBe('sub dir/ünïcode/naïve file.log')
    expect(artifact.files.get(path)).toBe(join(directory, 'sub dir', 'ünïcode', 'naïve file.log'))
    expect(await artifact.addLocalFile(join(directory, 'empty'), { baseDirectory: directory })).toBe('empty')
  })

  it('lets overrideName replace the whole path and records the content type', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    const path = await artifact.addLocalFile('a.txt', {
      baseDirectory: directory,
      overrideName: 'logs/renamed.txt',
      contentType: 'text/plain; charset=utf-8',
    })
    expect(path).toBe('logs/renamed.txt')
    expect(artifact.contentTypes.get('logs/renamed.txt')).toBe('text/plain; charset=utf-8')
  })

  it('rejects a relative or missing base directory, or one that is a file', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    expect((await rejection(artifact.addLocalFile('a.txt', { baseDirectory: 'relative' }))).message).toBe(
      'Base directory "relative" must be an absolute path',
    )
    await expect(artifact.addLocalFile('a.txt', { baseDirectory: join(directory, 'nope') })).rejects.toThrow(
      /must be an existing directory/,
    )
    await expect(artifact.addLocalFile('a.txt', { baseDirectory: join(directory, 'a.txt') })).rejects.toThrow(
      /must be an existing directory/,
    )
  })

  it('rejects a missing file, a directory and a file outside the base directory', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    const missing = await rejection(artifact.addLocalFile(join(directory, 'missing.txt')))
    expect(missing.message).toBe(`File "${join(directory, 'missing.txt')}" does not exist`)
    expect(missing.paths).toEqual([join(directory, 'missing.txt')])
    await expect(artifact.addLocalFile(join(directory, 'link-to-dir'))).rejects.toThrow(
      /is not a file \(a directory\)/,
    )
    await expect(
      artifact.addLocalFile('/etc/hostname', { baseDirectory: join(directory, 'sub dir') }),
    ).rejects.toThrow(/is not inside the base directory/)
  })

  it('rejects a path already used by a local or a remote file, naming it', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    await artifact.addLocalFile(join(directory, 'a.txt'))
    const error = await rejection(artifact.addLocalFile(join(directory, 'a.txt')))
    expect(error.message).toBe('Path in artifact "a.txt" is already used by another file')
    artifact.addRemoteFile('remote.bin', request)
    await expect(
      artifact.addLocalFile('empty', { baseDirectory: directory, overrideName: 'remote.bin' }),
    ).rejects.toThrow(/"remote.bin" is already used/)
    expect(() => artifact.addRemoteFile('a.txt', request)).toThrow(/"a.txt" is already used/)
  })

  it('rejects malformed paths in the artifact', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    for (const name of ['', '/abs', 'a/../b', 'a//b', './a']) {
      await expect(artifact.addLocalFile(join(directory, 'a.txt'), { overrideName: name })).rejects.toThrow(
        /must be a relative path/,
      )
    }
  })
})

describe('LocalArtifact', () => {
  it('validates remote file requests', () => {
    const artifact = new LocalArtifact('debusine:test', {})
    expect(() => artifact.addRemoteFile('x', { ...request, size: -1 })).toThrow(ValidationError)
  })

  it('validates and freezes its data', () => {
    expect(() => new LocalArtifact('debian:debdiff', { original: 'a' } as never)).toThrow(ValidationError)
    const artifact = new LocalArtifact('debian:debdiff', { original: 'a', new: 'b' })
    expect(artifact.data).toEqual({ original: 'a', new: 'b', label: null })
    expect(Object.isFrozen(artifact.data)).toBe(true)
    expect(LocalArtifact.createData('debian:repository-index', {})).toEqual({ path: null })
  })

  it('lists the categories, sorted, debusine:test included', () => {
    const categories = LocalArtifact.artifactCategories()
    expect(categories).toEqual([...categories].sort())
    expect(categories).toContain('debusine:test')
    expect(categories).toContain('debian:system-image')
    expect(categories).toHaveLength(18)
  })

  it('finds the kind of a category and rejects an unknown one with the valid list', () => {
    expect(localArtifactKindFor('debian:upload')).toBe(UploadArtifact)
    expect(() => localArtifactKindFor('debian:nope')).toThrow(
      /^Invalid category "debian:nope"\. Expected one of debian:autopkgtest, .*debusine:work-request-debug-logs$/,
    )
    expect(() => new LocalArtifact('debian:nope' as never, {} as never)).toThrow(ArtifactRuleError)
  })

  it('computes the FileRequest of every file, recorded content types first', async () => {
    const artifact = new LocalArtifact('debusine:test', {})
    await artifact.addLocalFile('a.txt', { baseDirectory: directory, contentType: 'text/x-a' })
    await artifact.addLocalFile('empty', { baseDirectory: directory, overrideName: 'empty.md' })
    artifact.addRemoteFile('remote.bin', request)
    const requests = await artifact.fileRequests()
    expect([...requests.keys()]).toEqual(['a.txt', 'empty.md', 'remote.bin'])
    expect(requests.get('a.txt')).toMatchObject({ size: 2, content_type: 'text/x-a' })
    expect(requests.get('empty.md')).toMatchObject({ size: 0, content_type: 'text/markdown; charset=utf-8' })
    expect(requests.get('remote.bin')).toEqual(request)
  })
})
