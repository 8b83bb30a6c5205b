import { mkdirSync, copyFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeDirectory, temporaryDirectory } from '../test/support/debian-fixtures.js'
import { buildMixedUpload, type MixedUploadFixture } from '../test/support/debian-upload-fixtures.js'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { debianPackageArtifacts } from './debian-package-artifacts.js'

let directory: string
let fixture: MixedUploadFixture
beforeAll(() => {
  directory = temporaryDirectory()
  const built = buildMixedUpload(directory)
  if (built === undefined) throw new Error('dpkg-deb is needed (tooling/run installs dpkg-dev)')
  fixture = built
})
afterAll(() => removeDirectory(directory))

const summary = (artifacts: Awaited<ReturnType<typeof debianPackageArtifacts>>) =>
  artifacts.map((artifact) => [artifact.category, [...artifact.files.keys()].sort()])

describe('debianPackageArtifacts', () => {
  it('a .changes: the upload first, then its source package and one binary package per .deb', async () => {
    expect(summary(await debianPackageArtifacts(fixture.mixedChanges))).toEqual([
      [
        'debian:upload',
        [
          'hello_1.0-1.debian.tar.xz',
          'hello_1.0-1.dsc',
          'hello_1.0-1_amd64.changes',
          'hello_1.0-1_amd64.deb',
          'hello_1.0.orig.tar.gz',
        ],
      ],
      ['debian:source-package', ['hello_1.0-1.debian.tar.xz', 'hello_1.0-1.dsc', 'hello_1.0.orig.tar.gz']],
      ['debian:binary-package', ['hello_1.0-1_amd64.deb']],
    ])
  })

  it('a source-only .changes, a .dsc, a .deb: their artifacts, with name and version from the .dsc', async () => {
    expect(summary(await debianPackageArtifacts(fixture.changes)).map(([category]) => category)).toEqual([
      'debian:upload',
      'debian:source-package',
    ])
    const [source] = await debianPackageArtifacts(fixture.dsc)
    expect(source?.data).toMatchObject({ name: 'hello', version: '1.0-1' })
    expect(summary(await debianPackageArtifacts(fixture.deb))).toEqual([
      ['debian:binary-package', ['hello_1.0-1_amd64.deb']],
    ])
  })

  it('refuses another kind of file, and a .changes whose .dsc lists a missing file', async () => {
    const other = await debianPackageArtifacts(join(directory, 'hello.tar')).catch((error: unknown) => error)
    expect(ArtifactRuleError.isInstance(other)).toBe(true)
    expect((other as Error).message).toContain('Only source packages (.dsc), binary packages (.deb)')
    const partial = join(directory, 'partial')
    mkdirSync(partial)
    for (const file of [fixture.mixedChanges, fixture.dsc, fixture.deb]) {
      copyFileSync(file, join(partial, basename(file)))
    }
    const missing = await debianPackageArtifacts(join(partial, basename(fixture.mixedChanges))).catch(
      (error: unknown) => error,
    )
    expect(ArtifactRuleError.isInstance(missing)).toBe(true)
    expect((missing as Error).message).toMatch(/hello_1\.0\.orig\.tar\.gz/)
  })
})
