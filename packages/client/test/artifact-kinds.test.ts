/**
 * Every remaining local artifact kind against the real Debusine 0.16.2 server: built with
 * its kind's `create`, uploaded, read back with `artifacts.get` (its data equals what was
 * sent), and downloaded into a fresh directory byte-identical. (debusine:test, debug logs,
 * build logs, repository indexes, debdiff, lintian, signing input, source packages and
 * uploads are covered in artifacts.test.ts.)
 */
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  AutopkgtestArtifact,
  BinaryPackageArtifact,
  BinaryPackagesArtifact,
  BlhcArtifact,
  DebugSymbolsArtifact,
  PiupartsArtifact,
  SigningOutputArtifact,
  SystemImageArtifact,
  SystemTarballArtifact,
  type LocalArtifact,
} from '@debusine-ts/artifacts'
import type { Artifact } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDeb } from '../../artifacts/test/support/debian-fixtures.js'
import { freshWorkspace, realServer, serverBefore } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { roundTripArtifact, write } from './support/artifact-round-trip.js'

let workspace: string
let scratch: string

beforeAll(async () => {
  workspace = await freshWorkspace('kinds')
  scratch = mkdtempSync('/tmp/debusine-ts-kinds-')
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function client(): DebusineClient {
  const server = realServer()
  return new DebusineClient({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    workspace,
  })
}

function directory(name: string): string {
  const path = join(scratch, name)
  mkdirSync(path, { recursive: true })
  return path
}

/** Round-trip through the real server (see roundTripArtifact); returns what `get` shows. */
function roundTrip(local: LocalArtifact, name: string): Promise<Artifact> {
  return roundTripArtifact(client(), local, join(scratch, `${name}-out`))
}

const systemData = {
  vendor: 'debian',
  codename: 'trixie',
  mirror: 'http://mirror.example/debian',
  components: ['main', 'contrib'],
  variant: 'minbase',
  pkglist: { 'base-files': '13.8', dpkg: '1.22.21' },
  architecture: 'amd64',
  with_dev: true,
  with_init: false,
}

describe('Debian binary packages', () => {
  it('round-trips a real .deb built with dpkg-deb (debian:binary-package)', async () => {
    const base = directory('binary-package')
    const deb = buildDeb(base, { compression: 'zstd', name: 'hello_1.0-1+b1_amd64.deb' })
    // dpkg-deb is part of the environment the real server runs in; without it there is no .deb.
    expect(deb, 'dpkg-deb is needed to build a real .deb').toBeDefined()
    const local = await BinaryPackageArtifact.create({ file: deb as string })
    expect(local.data).toEqual({
      srcpkg_name: 'hello-src',
      srcpkg_version: '1.0-1',
      deb_fields: {
        Package: 'hello',
        Source: 'hello-src (1.0-1)',
        Version: '1.0-1+b1',
        Architecture: 'amd64',
        Maintainer: 'Test Maintainer <test@example.org>',
        Description: 'test package\n A test package.\n .\n Second.',
      },
      deb_control_files: ['control', 'postinst'],
    })
    const artifact = await roundTrip(local, 'binary-package')
    expect(Object.keys(artifact.files)).toEqual(['hello_1.0-1+b1_amd64.deb'])
  })

  it('round-trips two .debs of one source (debian:binary-packages)', async () => {
    const base = directory('binary-packages')
    const hello = buildDeb(base, { compression: 'gzip', name: 'hello_1.0-1_amd64.deb' })
    const doc = buildDeb(base, {
      compression: 'xz',
      name: 'hello-doc_1.0-1_all.deb',
      control:
        'Package: hello-doc\nSource: hello\nVersion: 1.0-1\nArchitecture: all\n' +
        'Maintainer: Test Maintainer <test@example.org>\nDescription: documentation\n',
    })
    expect(hello, 'dpkg-deb is needed to build a real .deb').toBeDefined()
    const local = await BinaryPackagesArtifact.create({
      srcpkgName: 'hello',
      srcpkgVersion: '1.0-1',
      version: '1.0-1',
      architecture: 'amd64',
      files: [hello as string, doc as string],
    })
    expect(local.data).toEqual({
      srcpkg_name: 'hello',
      srcpkg_version: '1.0-1',
      version: '1.0-1',
      architecture: 'amd64',
      packages: ['hello', 'hello-doc'],
    })
    await roundTrip(local, 'binary-packages')
  })

  it('round-trips debug symbols stored under their 40-hex build ids (debian:debug-symbols)', async () => {
    const base = directory('debug-symbols')
    const buildIdFiles = new Map<string, string>()
    for (const index of [1, 2, 3]) {
      const content = randomBytes(2048 * index)
      // A build id is a sha1 (GNU ld's --build-id=sha1): 40 lower-case hex digits.
      const buildId = createHash('sha1').update(content).digest('hex')
      buildIdFiles.set(
        buildId,
        write(
          join(base, 'usr/lib/debug/.build-id', buildId.slice(0, 2), `${buildId.slice(2)}.debug`),
          content,
        ),
      )
    }
    const local = await DebugSymbolsArtifact.create({ buildIdFiles })
    expect(local.data).toEqual({ build_ids: [...buildIdFiles.keys()] })
    const artifact = await roundTrip(local, 'debug-symbols')
    expect(Object.keys(artifact.files).sort()).toEqual([...buildIdFiles.keys()].sort())
    // 0.11.3 describes files without a content type.
    const expected = serverBefore('0.12.0') ? null : 'application/octet-stream'
    for (const file of Object.values(artifact.files)) expect(file.content_type).toBe(expected)
  })
})

describe('QA results', () => {
  it('round-trips an autopkgtest output directory without its binaries/ (debian:autopkgtest)', async () => {
    const base = directory('autopkgtest')
    write(join(base, 'log'), 'autopkgtest [00:00:00]: starting\n')
    write(join(base, 'summary'), 'smoke PASS\nflaky FLAKY\nbroken FAIL non-zero exit status 1\n')
    write(join(base, 'testpkg-version'), 'hello 1.0-1\n')
    write(join(base, 'smoke-stdout'), 'hello, world\n')
    write(join(base, 'artifacts/results/report.json'), '{"passed": 1}\n')
    write(join(base, 'binaries/hello_1.0-1_amd64.deb'), randomBytes(512))
    write(join(base, 'binaries/Packages'), 'Package: hello\n')
    const data = {
      results: {
        smoke: { status: 'PASS' as const, details: null },
        flaky: { status: 'FLAKY' as const, details: null },
        broken: { status: 'FAIL' as const, details: 'non-zero exit status 1' },
      },
      cmdline: 'autopkgtest --output-dir /tmp/out hello_1.0-1.dsc -- unshare',
      source_package: {
        name: 'hello',
        version: '1.0-1',
        url: 'https://debusine.example.org/debusine/System/artifact/1/',
      },
      architecture: 'amd64',
      distribution: 'debian:trixie',
    }
    const local = await AutopkgtestArtifact.create({ artifactDirectory: base, data })
    expect(local.data).toEqual(data)
    expect([...local.files.keys()]).toEqual([
      'artifacts/results/report.json',
      'log',
      'smoke-stdout',
      'summary',
      'testpkg-version',
    ])
    const artifact = await roundTrip(local, 'autopkgtest')
    expect(Object.keys(artifact.files).some((path) => path.startsWith('binaries'))).toBe(false)
  })

  it('round-trips piuparts output as piuparts.txt (debian:piuparts)', async () => {
    const base = directory('piuparts')
    const data = {
      piuparts_version: '1.5.1',
      binary_packages: { hello: '1.0-1', 'hello-doc': '1.0-1' },
      architecture: 'amd64',
      distribution: 'debian:trixie',
    }
    const local = await PiupartsArtifact.create({
      piupartsOutput: write(join(base, 'piuparts.log'), '0m0.0s INFO: PASS: All tests.\n'),
      data,
    })
    expect(local.data).toEqual(data)
    const artifact = await roundTrip(local, 'piuparts')
    expect(Object.keys(artifact.files)).toEqual(['piuparts.txt'])
  })

  it('round-trips blhc output with and without a build log (debian:blhc)', async () => {
    const base = directory('blhc')
    const withLog = await BlhcArtifact.create({
      blhcOutput: write(join(base, 'with/blhc.out'), 'NONVERBOSE BUILD: Compiling hello.c\n'),
      buildLog: { source: 'hello', version: '1.0-1', architecture: 'amd64' },
    })
    expect(withLog.data).toEqual({ source: 'hello', version: '1.0-1', architecture: 'amd64' })
    expect(Object.keys((await roundTrip(withLog, 'blhc-with')).files)).toEqual(['blhc.txt'])
    const alone = await BlhcArtifact.create({ blhcOutput: write(join(base, 'alone/blhc.out'), '') })
    expect(alone.data).toEqual({ source: null, version: null, architecture: null })
    await roundTrip(alone, 'blhc-alone')
  })
})

describe('systems and signing', () => {
  it('round-trips a real .tar.xz made by tar (debian:system-tarball)', async () => {
    const base = directory('system-tarball')
    const root = directory('system-tarball-root')
    write(join(root, 'etc/os-release'), 'ID=debian\n')
    write(join(root, 'usr/bin/true'), randomBytes(4096))
    const tarball = join(base, 'system.tar.xz')
    execFileSync('tar', ['-cJf', tarball, '-C', root, '.'])
    const local = await SystemTarballArtifact.create({ tarball, data: systemData })
    expect(local.data).toEqual({ ...systemData, filename: 'system.tar.xz' })
    await roundTrip(local, 'system-tarball')
  })

  it('round-trips a .qcow2 and a .tar.xz image (debian:system-image)', async () => {
    const base = directory('system-image')
    // The server stores the image without looking inside; the qcow2 magic and version make it
    // look like one, the rest is random so a byte-level difference would show.
    const qcow2 = write(
      join(base, 'image.qcow2'),
      Buffer.concat([Buffer.from([0x51, 0x46, 0x49, 0xfb, 0, 0, 0, 3]), randomBytes(64 * 1024)]),
    )
    const image = {
      ...systemData,
      image_format: 'qcow2' as const,
      filesystem: 'ext4',
      size: 2 * 1024 ** 3,
      boot_mechanism: 'efi' as const,
    }
    const local = await SystemImageArtifact.create({ image: qcow2, data: image })
    expect(local.data).toEqual({ ...image, filename: 'image.qcow2' })
    await roundTrip(local, 'system-image-qcow2')

    const root = directory('system-image-root')
    write(join(root, 'disk.raw'), randomBytes(8192))
    const tarball = join(base, 'image.tar.xz')
    execFileSync('tar', ['-cJf', tarball, '-C', root, '.'])
    const raw = await SystemImageArtifact.create({
      image: tarball,
      data: { ...image, image_format: 'raw', boot_mechanism: 'bios', variant: null },
    })
    expect(raw.data).toMatchObject({ filename: 'image.tar.xz', image_format: 'raw', variant: null })
    await roundTrip(raw, 'system-image-raw')
  })

  it('round-trips signed files with their results (debusine:signing-output)', async () => {
    const base = directory('signing-output')
    const files = [
      write(join(base, 'boot/efi/grubx64.efi.signed'), randomBytes(4096)),
      write(join(base, 'boot/efi/shimx64.efi.sig'), randomBytes(256)),
    ]
    const fingerprint = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01'
    const results = [
      { file: 'boot/efi/grubx64.efi', output_file: 'boot/efi/grubx64.efi.signed' },
      { file: 'boot/efi/shimx64.efi', output_file: 'boot/efi/shimx64.efi.sig' },
      { file: 'boot/efi/broken.efi', error_message: 'not a PE/COFF image' },
    ]
    const local = await SigningOutputArtifact.create({
      purpose: 'uefi',
      fingerprint,
      results,
      files,
      baseDirectory: base,
      binaryPackageName: 'grub-efi-amd64-signed',
    })
    const artifact = await roundTrip(local, 'signing-output')
    // The data sent carries the defaults the server's model fills in (null for the absent
    // one of output_file and error_message), so the server shows exactly this.
    expect(artifact.data).toEqual({
      purpose: 'uefi',
      fingerprint,
      results: [
        { file: 'boot/efi/grubx64.efi', output_file: 'boot/efi/grubx64.efi.signed', error_message: null },
        { file: 'boot/efi/shimx64.efi', output_file: 'boot/efi/shimx64.efi.sig', error_message: null },
        { file: 'boot/efi/broken.efi', output_file: null, error_message: 'not a PE/COFF image' },
      ],
      binary_package_name: 'grub-efi-amd64-signed',
    })
    expect(Object.keys(artifact.files).sort()).toEqual([
      'boot/efi/grubx64.efi.signed',
      'boot/efi/shimx64.efi.sig',
    ])
  })
})
