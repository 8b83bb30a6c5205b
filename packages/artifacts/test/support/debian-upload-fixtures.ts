// A source + binary upload for the tests: the real source package of debian-fixtures.ts, a
// real .deb built with dpkg-deb, and a .changes listing them all. Not part of the package.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { buildDeb, buildSourcePackage, type SourcePackageFixture } from './debian-fixtures.js'

/** A source package, a binary package and the `.changes` of both. */
export interface MixedUploadFixture extends SourcePackageFixture {
  /** The `.deb` (`hello_1.0-1_amd64.deb`). */
  deb: string
  /** The `.changes` listing the source files and the `.deb` (`Architecture: source amd64`). */
  mixedChanges: string
}

const digest = (algorithm: string, data: Buffer): string => createHash(algorithm).update(data).digest('hex')

/** Build the source package and a `.deb` in `directory`, and a `.changes` of both; undefined without dpkg-deb. */
export function buildMixedUpload(directory: string): MixedUploadFixture | undefined {
  const source = buildSourcePackage(directory)
  const deb = buildDeb(directory, {
    compression: 'xz',
    name: 'hello_1.0-1_amd64.deb',
    control:
      'Package: hello\nVersion: 1.0-1\nArchitecture: amd64\n' +
      'Maintainer: Test Maintainer <test@example.org>\nDescription: test package\n A test package.\n',
  })
  if (deb === undefined) return undefined
  const files = [...source.files, deb].map((path) => ({ name: basename(path), data: readFileSync(path) }))
  const lines = (algorithm: string, extra: string): string =>
    files.map(({ name, data }) => `\n ${digest(algorithm, data)} ${data.length}${extra} ${name}`).join('')
  const mixedChanges = join(directory, 'hello_1.0-1_amd64.changes')
  writeFileSync(
    mixedChanges,
    `Format: 1.8\nDate: Mon, 01 Jan 2024 00:00:00 +0000\nSource: hello\nBinary: hello\n` +
      `Architecture: source amd64\nVersion: 1.0-1\nDistribution: unstable\nUrgency: medium\n` +
      `Maintainer: Test Maintainer <test@example.org>\nChanged-By: Test Maintainer <test@example.org>\n` +
      `Description:\n hello - test package\nChanges:\n hello (1.0-1) unstable; urgency=medium\n .\n   * Initial release.\n` +
      `Checksums-Sha1:${lines('sha1', '')}\nChecksums-Sha256:${lines('sha256', '')}\n` +
      `Files:${lines('md5', ' devel optional')}\n`,
  )
  return { ...source, deb, mixedChanges }
}
