import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { basename, join } from 'node:path'
import { ValidationError } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSourcePackage,
  clearSign,
  removeDirectory,
  temporaryDirectory,
  type SourcePackageFixture,
} from '../../test/support/debian-fixtures.js'
import { readChanges } from '../source-control-file.js'
import { UploadArtifact } from './upload.js'

let directory: string
let fixture: SourcePackageFixture
beforeAll(() => {
  directory = temporaryDirectory()
  fixture = buildSourcePackage(directory)
})
afterAll(() => removeDirectory(directory))

/** Copy the .changes (and some of its files) into a new directory. */
function copyUpload(
  name: string,
  keep: (file: string) => boolean,
  transform = (text: string): string => text,
): string {
  const target = join(directory, name)
  mkdirSync(target)
  for (const file of fixture.files.filter(keep)) copyFileSync(file, join(target, basename(file)))
  const changes = join(target, basename(fixture.changes))
  writeFileSync(changes, transform(readFileSync(fixture.changes, 'utf8')))
  return changes
}

describe('UploadArtifact.create', () => {
  it('builds an upload from a real .changes and the files it lists', async () => {
    const artifact = await UploadArtifact.create({ changesFile: fixture.changes })
    expect([...artifact.files.keys()].sort()).toEqual([
      'hello_1.0-1.debian.tar.xz',
      'hello_1.0-1.dsc',
      'hello_1.0-1_source.changes',
      'hello_1.0.orig.tar.gz',
    ])
    expect(artifact.contentTypes.get('hello_1.0-1_source.changes')).toBe('text/plain; charset=utf-8')
    expect(artifact.data).toEqual({ type: 'dpkg', changes_fields: await readChanges(fixture.changes) })
    expect(artifact.remoteFiles.size).toBe(0)
  })

  it('accepts a PGP-signed .changes', async () => {
    const changes = copyUpload('signed', () => true, clearSign)
    const artifact = await UploadArtifact.create({ changesFile: changes })
    expect(artifact.data.changes_fields).toEqual(await readChanges(fixture.changes))
  })

  it('refuses a listed file missing locally unless allowRemote', async () => {
    const changes = copyUpload('partial', (file) => file.endsWith('.dsc'))
    await expect(UploadArtifact.create({ changesFile: changes })).rejects.toThrow(
      /hello_1\.0\.orig\.tar\.gz" listed in ".*hello_1\.0-1_source\.changes" does not exist; pass allowRemote/,
    )
    const artifact = await UploadArtifact.create({ changesFile: changes, allowRemote: true })
    const orig = readFileSync(fixture.files[1] as string)
    expect(artifact.remoteFiles.get('hello_1.0.orig.tar.gz')).toEqual({
      size: orig.length,
      checksums: { sha256: createHash('sha256').update(orig).digest('hex') },
      type: 'file',
      content_type: null,
    })
    expect([...artifact.files.keys()].sort()).toEqual(['hello_1.0-1.dsc', 'hello_1.0-1_source.changes'])
  })

  it('leaves excluded files out (earlier-shape compatibility)', async () => {
    const changes = copyUpload('excluded', (file) => !file.endsWith('.orig.tar.gz'))
    const artifact = await UploadArtifact.create({
      changesFile: changes,
      excludeFiles: ['hello_1.0.orig.tar.gz'],
    })
    expect(artifact.files.has('hello_1.0.orig.tar.gz')).toBe(false)
    expect(artifact.remoteFiles.size).toBe(0)
  })

  it('checks the .changes with the upload data rules', async () => {
    const changes = copyUpload(
      'binary-arch',
      () => true,
      (text) => text.replace('Architecture: source', 'Architecture: source amd64'),
    )
    await expect(UploadArtifact.create({ changesFile: changes })).rejects.toThrow(ValidationError)
  })

  it('needs exactly one .changes and the listed set', async () => {
    const artifact = await UploadArtifact.create({ changesFile: fixture.changes })
    const other = join(directory, 'other.changes')
    writeFileSync(other, 'x')
    await artifact.addLocalFile(other)
    await expect(artifact.validate()).rejects.toThrow(
      'Upload artifact needs exactly one .changes file; got 2: hello_1.0-1_source.changes, other.changes',
    )
    const extra = await UploadArtifact.create({ changesFile: fixture.changes })
    extra.addRemoteFile('unlisted.deb', {
      size: 0,
      checksums: { sha256: '0' },
      type: 'file',
      content_type: null,
    })
    await expect(extra.validate()).rejects.toThrow(/missing: none; not listed: unlisted\.deb/)
  })
})
