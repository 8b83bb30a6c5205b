import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSourcePackage,
  clearSign,
  removeDirectory,
  temporaryDirectory,
  type SourcePackageFixture,
} from '../../test/support/debian-fixtures.js'
import { readDsc } from '../source-control-file.js'
import { SourcePackageArtifact } from './source-package.js'

let directory: string
let fixture: SourcePackageFixture
beforeAll(() => {
  directory = temporaryDirectory()
  fixture = buildSourcePackage(directory)
})
afterAll(() => removeDirectory(directory))

describe('SourcePackageArtifact.create', () => {
  it('builds a source package from a real .dsc and its files', async () => {
    const artifact = await SourcePackageArtifact.create({
      name: 'hello',
      version: '1.0-1',
      files: fixture.files,
    })
    expect(artifact.category).toBe('debian:source-package')
    expect([...artifact.files.keys()].sort()).toEqual([
      'hello_1.0-1.debian.tar.xz',
      'hello_1.0-1.dsc',
      'hello_1.0.orig.tar.gz',
    ])
    expect(artifact.data).toEqual({
      name: 'hello',
      version: '1.0-1',
      type: 'dpkg',
      dsc_fields: await readDsc(fixture.dsc),
    })
    const requests = await artifact.fileRequests()
    expect(requests.get('hello_1.0-1.dsc')?.content_type).toBe('text/plain; charset=utf-8')
    expect(requests.get('hello_1.0.orig.tar.gz')?.content_type).toBe(
      fixture.real ? 'application/gzip; charset=binary' : 'text/plain; charset=us-ascii',
    )
  })

  it('accepts a PGP-signed .dsc', async () => {
    const signed = join(directory, 'signed')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(signed)
    const files = fixture.files.map((file) => {
      const copy = join(signed, file.slice(directory.length + 1))
      copyFileSync(file, copy)
      return copy
    })
    writeFileSync(files[0] as string, clearSign(readFileSync(fixture.dsc, 'utf8')))
    const artifact = await SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files })
    expect(artifact.data.dsc_fields).toEqual(await readDsc(fixture.dsc))
  })

  it('needs exactly one .dsc', async () => {
    const other = join(directory, 'b.dsc')
    writeFileSync(other, readFileSync(fixture.dsc))
    await expect(
      SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files: [...fixture.files, other] }),
    ).rejects.toThrow(`Source package artifact needs exactly one .dsc file; got 2: ${fixture.dsc}, ${other}`)
    await expect(
      SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files: fixture.files.slice(1) }),
    ).rejects.toThrow('Source package artifact needs exactly one .dsc file; got 0: none')
  })

  it('needs exactly the files the .dsc lists', async () => {
    await expect(
      SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files: fixture.files.slice(0, 2) }),
    ).rejects.toThrow(/missing: hello_1\.0-1\.debian\.tar\.xz; not listed: none/)
    const extra = join(directory, 'extra file é.txt')
    writeFileSync(extra, '')
    await expect(
      SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files: [...fixture.files, extra] }),
    ).rejects.toThrow(/missing: none; not listed: extra file é\.txt/)
  })

  it('rejects a listed name that is not a single path component', async () => {
    const bad = join(directory, 'bad.dsc')
    writeFileSync(bad, 'Source: hello\nFiles:\n 0123 1 ../evil.tar.gz\n')
    await expect(SourcePackageArtifact.create({ name: 'hello', version: '1', files: [bad] })).rejects.toThrow(
      /The Files field of ".*bad\.dsc" lists "\.\.\/evil\.tar\.gz", which is not a single path component/,
    )
  })
})
