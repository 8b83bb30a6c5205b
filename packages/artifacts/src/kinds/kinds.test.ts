import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ValidationError } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDeb, removeDirectory, temporaryDirectory } from '../../test/support/debian-fixtures.js'
import { ArtifactRuleError } from '../artifact-rule-error.js'
import { AutopkgtestArtifact } from './autopkgtest.js'
import { BinaryPackageArtifact } from './binary-package.js'
import { BinaryPackagesArtifact } from './binary-packages.js'
import { BlhcArtifact } from './blhc.js'
import { DebdiffArtifact } from './debdiff.js'
import { DebugSymbolsArtifact } from './debug-symbols.js'
import { LintianArtifact } from './lintian.js'
import { PackageBuildLogArtifact } from './package-build-log.js'
import { PiupartsArtifact } from './piuparts.js'
import { RepositoryIndexArtifact } from './repository-index.js'
import { SigningInputArtifact } from './signing-input.js'
import { SigningOutputArtifact } from './signing-output.js'
import { SystemImageArtifact, SystemTarballArtifact } from './system-artifacts.js'
import { TestArtifact } from './test-artifact.js'
import { WorkRequestDebugLogsArtifact } from './work-request-debug-logs.js'

let directory: string
const file = (name: string, content = 'x\n'): string => {
  const path = join(directory, name)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}
beforeAll(() => {
  directory = temporaryDirectory()
})
afterAll(() => removeDirectory(directory))

const keys = (map: ReadonlyMap<string, unknown>): string[] => [...map.keys()].sort()
const tarballData = {
  vendor: 'debian',
  codename: 'bookworm',
  mirror: 'http://mirror.example/debian',
  components: ['main'],
  pkglist: { bash: '5.2' },
  architecture: 'amd64',
  with_dev: true,
  with_init: true,
}

describe('package build log', () => {
  it('stores one .build file as UTF-8 text', async () => {
    const log = file('hello_1.0-1_amd64.build')
    const artifact = await PackageBuildLogArtifact.create({ file: log, source: 'hello', version: '1.0-1' })
    expect(artifact.data).toEqual({
      source: 'hello',
      version: '1.0-1',
      architecture: null,
      filename: 'hello_1.0-1_amd64.build',
      bd_uninstallable: null,
    })
    expect(artifact.contentTypes.get('hello_1.0-1_amd64.build')).toBe('text/plain; charset=utf-8')
  })

  it('rejects a name not ending .build and a second file', async () => {
    await expect(
      PackageBuildLogArtifact.create({ file: file('log.txt'), source: 'a', version: '1' }),
    ).rejects.toThrow('Package build log artifact file "log.txt" must end with ".build"')
    const artifact = await PackageBuildLogArtifact.create({
      file: file('a.build'),
      source: 'a',
      version: '1',
    })
    await artifact.addLocalFile(file('b.build'))
    await expect(artifact.validate()).rejects.toThrow(
      'Package build log artifact needs exactly one file; got 2: a.build, b.build',
    )
  })
})

describe('binary package', () => {
  it('reads its data from the control of a real .deb', async () => {
    const deb = buildDeb(directory, { compression: 'xz', name: 'hello_1.0-1+b1_amd64.deb' }) as string
    const artifact = await BinaryPackageArtifact.create({ file: deb })
    expect(artifact.data).toMatchObject({
      srcpkg_name: 'hello-src',
      srcpkg_version: '1.0-1',
      deb_control_files: ['control', 'postinst'],
    })
    expect(artifact.data.deb_fields.Package).toBe('hello')
  })

  it('takes the source from Package and Version when there is no Source', async () => {
    const deb = buildDeb(join(directory, 'nosource'), {
      compression: 'gzip',
      name: 'tool_2.0_all.udeb',
      control:
        'Package: tool\nVersion: 2.0\nArchitecture: all\nMaintainer: M <m@example.org>\nDescription: d\n',
    }) as string
    const artifact = await BinaryPackageArtifact.create({ file: deb })
    expect(artifact.data).toMatchObject({ srcpkg_name: 'tool', srcpkg_version: '2.0' })
  })

  it('rejects a file not ending .deb or .udeb', async () => {
    await expect(BinaryPackageArtifact.create({ file: file('hello.tar') })).rejects.toThrow(
      'Binary package artifact file "hello.tar" must end with ".deb" or ".udeb"',
    )
  })
})

describe('binary packages', () => {
  it('lists the package names of its .deb/.udeb files', async () => {
    const artifact = await BinaryPackagesArtifact.create({
      srcpkgName: 'hello',
      srcpkgVersion: '1.0-1',
      version: '1.0-1',
      architecture: 'amd64',
      files: [file('pkgs/hello_1.0-1_amd64.deb'), file('pkgs/hello-udeb_1.0-1_amd64.udeb')],
    })
    expect(artifact.data.packages).toEqual(['hello', 'hello-udeb'])
  })

  it('needs at least one file, each a .deb or .udeb', async () => {
    const input = { srcpkgName: 'h', srcpkgVersion: '1', version: '1', architecture: 'amd64' }
    await expect(BinaryPackagesArtifact.create({ ...input, files: [] })).rejects.toThrow(
      'Binary packages artifact needs at least one file; got none',
    )
    await expect(BinaryPackagesArtifact.create({ ...input, files: [file('pkgs/README')] })).rejects.toThrow(
      'Binary packages artifact files must end with ".deb" or ".udeb"; got README',
    )
  })
})

describe('debug symbols', () => {
  const buildId = 'a'.repeat(40)
  it('stores each file under its build id as octet-stream', async () => {
    const artifact = await DebugSymbolsArtifact.create({ buildIdFiles: { [buildId]: file('dbg/x.debug') } })
    expect(keys(artifact.files)).toEqual([buildId])
    expect(artifact.data.build_ids).toEqual([buildId])
    expect(artifact.contentTypes.get(buildId)).toBe('application/octet-stream')
  })

  it('rejects a malformed build id and a file not named after one', async () => {
    await expect(
      DebugSymbolsArtifact.create({ buildIdFiles: new Map([['XYZ', file('dbg/y.debug')]]) }),
    ).rejects.toThrow(ValidationError)
    const artifact = await DebugSymbolsArtifact.create({ buildIdFiles: { [buildId]: file('dbg/x.debug') } })
    await artifact.addLocalFile(file('dbg/z.debug'))
    await expect(artifact.validate()).rejects.toThrow(/missing: none; not listed: z\.debug/)
  })
})

describe('lintian', () => {
  const summary = {
    tags_count_by_severity: { error: 0, warning: 1 },
    package_filename: { hello: 'hello_1.0-1.dsc' },
    tags_found: ['tag'],
    overridden_tags_found: [],
    lintian_version: '2.116',
    distribution: 'sid',
  }
  it('stores analysis.json and lintian.txt', async () => {
    const artifact = await LintianArtifact.create({
      analysis: file('lintian/out.json', '{"tags": []}'),
      lintianOutput: file('lintian/out.txt'),
      architecture: 'amd64',
      summary,
    })
    expect(keys(artifact.files)).toEqual(['analysis.json', 'lintian.txt'])
  })

  it('rejects an analysis that is not JSON, naming the file', async () => {
    const analysis = file('lintian/bad.json', '{not json')
    await expect(
      LintianArtifact.create({ analysis, lintianOutput: file('lintian/out.txt'), summary }),
    ).rejects.toThrow(`Lintian artifact file "analysis.json" (${analysis}) must be valid JSON`)
  })
})

describe('autopkgtest', () => {
  it('stores every file under the directory except binaries/', async () => {
    file('autopkgtest/summary')
    file('autopkgtest/log dir/ünï.log')
    file('autopkgtest/binaries/hello.deb')
    file('autopkgtest/empty', '')
    const artifact = await AutopkgtestArtifact.create({
      artifactDirectory: join(directory, 'autopkgtest'),
      data: {
        results: { smoke: { status: 'PASS' } },
        cmdline: 'autopkgtest hello',
        source_package: { name: 'hello', version: '1.0-1', url: 'https://example.org/hello.dsc' },
        architecture: 'amd64',
        distribution: 'sid',
      },
    })
    expect(keys(artifact.files)).toEqual(['empty', 'log dir/ünï.log', 'summary'])
    expect(artifact.data.results.smoke?.details).toBeNull()
  })
})

describe('text outputs stored under fixed names', () => {
  it('piuparts, blhc and debdiff', async () => {
    const piuparts = await PiupartsArtifact.create({
      piupartsOutput: file('out/piuparts.log'),
      data: {
        piuparts_version: '1.1',
        binary_packages: { hello: '1.0-1' },
        architecture: 'amd64',
        distribution: 'sid',
      },
    })
    expect(keys(piuparts.files)).toEqual(['piuparts.txt'])
    const blhc = await BlhcArtifact.create({
      blhcOutput: file('out/blhc.out'),
      buildLog: { source: 'hello', version: '1.0-1', architecture: 'amd64' },
    })
    expect(keys(blhc.files)).toEqual(['blhc.txt'])
    expect(blhc.data).toEqual({ source: 'hello', version: '1.0-1', architecture: 'amd64' })
    expect((await BlhcArtifact.create({ blhcOutput: file('out/blhc.out') })).data.source).toBeNull()
    const debdiff = await DebdiffArtifact.create({
      debdiffOutput: file('out/d.diff'),
      original: 'a',
      new: 'b',
    })
    expect(keys(debdiff.files)).toEqual(['debdiff.txt'])
    expect(debdiff.data.label).toBeNull()
  })
})

describe('system tarball and image', () => {
  it('stores one .tar.xz and injects its name', async () => {
    const artifact = await SystemTarballArtifact.create({
      tarball: file('sys/bookworm.tar.xz'),
      data: tarballData,
    })
    expect(artifact.data.filename).toBe('bookworm.tar.xz')
    await expect(
      SystemTarballArtifact.create({ tarball: file('sys/bookworm.tar.gz'), data: tarballData }),
    ).rejects.toThrow('System tarball artifact file "bookworm.tar.gz" must end with ".tar.xz"')
  })

  it('stores one .qcow2 or .tar.xz image', async () => {
    const data = {
      ...tarballData,
      image_format: 'qcow2' as const,
      filesystem: 'ext4',
      size: 1024,
      boot_mechanism: 'efi' as const,
    }
    const artifact = await SystemImageArtifact.create({ image: file('sys/image.qcow2'), data })
    expect(artifact.data.filename).toBe('image.qcow2')
    await expect(SystemImageArtifact.create({ image: file('sys/image.img'), data })).rejects.toThrow(
      'System image artifact file "image.img" must end with ".tar.xz" or ".qcow2"',
    )
  })
})

describe('signing input and output', () => {
  it('stores files relative to the base directory as octet-stream', async () => {
    const base = join(directory, 'signing')
    file('signing/boot/grubx64.efi')
    const input = await SigningInputArtifact.create({ files: ['boot/grubx64.efi'], baseDirectory: base })
    expect(keys(input.files)).toEqual(['boot/grubx64.efi'])
    expect(input.contentTypes.get('boot/grubx64.efi')).toBe('application/octet-stream')
    expect(input.data).toEqual({ trusted_certs: null, binary_package_name: null })
    await expect(SigningInputArtifact.create({ files: [], baseDirectory: base })).rejects.toThrow(
      'Signing input artifact needs at least one file; got none',
    )
    const output = await SigningOutputArtifact.create({
      purpose: 'uefi',
      fingerprint: 'ABCD',
      results: [{ file: 'boot/grubx64.efi', output_file: 'boot/grubx64.efi.signed' }],
      files: [file('signing/boot/grubx64.efi.signed')],
      baseDirectory: base,
    })
    expect(output.data.results).toEqual([
      { file: 'boot/grubx64.efi', output_file: 'boot/grubx64.efi.signed', error_message: null },
    ])
  })

  it('rejects a result with neither an output file nor an error', async () => {
    await expect(
      SigningOutputArtifact.create({
        purpose: 'uefi',
        fingerprint: 'ABCD',
        results: [{ file: 'x' }],
        files: [],
        baseDirectory: directory,
      }),
    ).rejects.toThrow(ValidationError)
  })
})

describe('repository index, debug logs and test', () => {
  it('stores a repository index under the last component of its path', async () => {
    const artifact = await RepositoryIndexArtifact.create({
      file: file('repo/tmp-Release'),
      path: 'dists/sid/Release',
    })
    expect(keys(artifact.files)).toEqual(['Release'])
    expect(artifact.data.path).toBe('dists/sid/Release')
  })

  it('stores debug logs at the root as UTF-8 text; data is empty', async () => {
    const artifact = await WorkRequestDebugLogsArtifact.create({
      files: [file('logs/cmd.log'), file('logs/other é.log')],
    })
    expect(keys(artifact.files)).toEqual(['cmd.log', 'other é.log'])
    expect(artifact.contentTypes.get('cmd.log')).toBe('text/plain; charset=utf-8')
    expect(artifact.data).toEqual({})
  })

  it('builds a test artifact', async () => {
    const artifact = await TestArtifact.create({ files: ['logs/cmd.log'], baseDirectory: directory })
    expect(keys(artifact.files)).toEqual(['logs/cmd.log'])
    await expect(
      TestArtifact.create({ files: [file('logs/cmd.log'), file('other/cmd.log')] }),
    ).rejects.toSatisfy((error) => ArtifactRuleError.isInstance(error) && error.paths[0] === 'cmd.log')
  })
})
