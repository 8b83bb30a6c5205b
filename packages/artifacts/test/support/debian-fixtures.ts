// Helpers of the tests: real Debian files in temporary directories, and python-debian as
// the reference parser. Not part of the published package.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

/** A new empty temporary directory. */
export function temporaryDirectory(prefix = 'debusine-ts-artifacts-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** Remove a temporary directory. */
export function removeDirectory(path: string): void {
  rmSync(path, { recursive: true, force: true })
}

/** Whether a program is on the PATH. */
export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')
const sha1 = (data: Buffer): string => createHash('sha1').update(data).digest('hex')
const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex')

/** A built source package and, with `dpkg-genchanges`, a source-only upload of it. */
export interface SourcePackageFixture {
  directory: string
  dsc: string
  /** The .dsc first, then the files it lists. */
  files: string[]
  changes: string
  /** Whether dpkg-source/dpkg-genchanges made the files (else the test wrote them). */
  real: boolean
}

const control = `Source: hello
Section: devel
Priority: optional
Maintainer: Test Maintainer <test@example.org>
Build-Depends: debhelper-compat (= 13)
Standards-Version: 4.6.2

Package: hello
Architecture: any
Depends: \${misc:Depends}
Description: test package
 A test package.
 .
 Second paragraph.
`

const changelog = `hello (1.0-1) unstable; urgency=medium

  * Initial release.

 -- Test Maintainer <test@example.org>  Mon, 01 Jan 2024 00:00:00 +0000
`

function writeByHand(directory: string): SourcePackageFixture {
  const orig = join(directory, 'hello_1.0.orig.tar.gz')
  const debian = join(directory, 'hello_1.0-1.debian.tar.xz')
  writeFileSync(orig, Buffer.from('not really a tarball, but bytes\n'))
  writeFileSync(debian, Buffer.from('debian directory bytes\n'))
  const listed = [orig, debian].map((path) => ({ name: basename(path), data: readFileSync(path) }))
  const lines = (hash: (data: Buffer) => string): string =>
    listed.map(({ name, data }) => `\n ${hash(data)} ${data.length} ${name}`).join('')
  const dscText =
    `Format: 3.0 (quilt)\nSource: hello\nBinary: hello\nArchitecture: any\nVersion: 1.0-1\n` +
    `Maintainer: Test Maintainer <test@example.org>\nStandards-Version: 4.6.2\n` +
    `Build-Depends: debhelper-compat (= 13)\nPackage-List:\n hello deb devel optional arch=any\n` +
    `Checksums-Sha1:${lines(sha1)}\nChecksums-Sha256:${lines(sha256)}\nFiles:${lines(md5)}\n`
  const dsc = join(directory, 'hello_1.0-1.dsc')
  writeFileSync(dsc, dscText)
  const all = [dsc, orig, debian].map((path) => ({ name: basename(path), data: readFileSync(path) }))
  const changesLines = (hash: (data: Buffer) => string, extra: string): string =>
    all.map(({ name, data }) => `\n ${hash(data)} ${data.length}${extra} ${name}`).join('')
  const changes = join(directory, 'hello_1.0-1_source.changes')
  writeFileSync(
    changes,
    `Format: 1.8\nDate: Mon, 01 Jan 2024 00:00:00 +0000\nSource: hello\nArchitecture: source\n` +
      `Version: 1.0-1\nDistribution: unstable\nUrgency: medium\n` +
      `Maintainer: Test Maintainer <test@example.org>\nChanged-By: Test Maintainer <test@example.org>\n` +
      `Changes:\n hello (1.0-1) unstable; urgency=medium\n .\n   * Initial release.\n` +
      `Checksums-Sha1:${changesLines(sha1, '')}\nChecksums-Sha256:${changesLines(sha256, '')}\n` +
      `Files:${changesLines(md5, ' devel optional')}\n`,
  )
  return { directory, dsc, files: [dsc, orig, debian], changes, real: false }
}

/**
 * Build `hello_1.0-1.dsc` (+ orig.tar.gz, debian.tar.xz) and `hello_1.0-1_source.changes`
 * with dpkg-source and dpkg-genchanges when they exist, else write equivalent files.
 */
export function buildSourcePackage(directory: string): SourcePackageFixture {
  if (!hasCommand('dpkg-source') || !hasCommand('dpkg-genchanges')) return writeByHand(directory)
  const tree = join(directory, 'hello-1.0')
  mkdirSync(join(tree, 'debian', 'source'), { recursive: true })
  writeFileSync(join(tree, 'hello.c'), 'int main(void) { return 0; }\n')
  writeFileSync(join(tree, 'debian', 'control'), control)
  writeFileSync(join(tree, 'debian', 'changelog'), changelog)
  writeFileSync(join(tree, 'debian', 'source', 'format'), '3.0 (quilt)\n')
  writeFileSync(join(tree, 'debian', 'rules'), '#!/usr/bin/make -f\n%:\n\tdh $@\n')
  chmodSync(join(tree, 'debian', 'rules'), 0o755)
  execFileSync('tar', ['czf', 'hello_1.0.orig.tar.gz', '--exclude=debian', 'hello-1.0'], { cwd: directory })
  execFileSync('dpkg-source', ['-b', 'hello-1.0'], { cwd: directory, stdio: 'ignore' })
  execFileSync('dpkg-genchanges', ['-S', '-O../hello_1.0-1_source.changes'], { cwd: tree, stdio: 'ignore' })
  rmSync(tree, { recursive: true })
  const dsc = join(directory, 'hello_1.0-1.dsc')
  return {
    directory,
    dsc,
    files: [dsc, join(directory, 'hello_1.0.orig.tar.gz'), join(directory, 'hello_1.0-1.debian.tar.xz')],
    changes: join(directory, 'hello_1.0-1_source.changes'),
    real: true,
  }
}

/** Wrap a text in a PGP clear-signature, as gpg --clearsign would (the signature is fake). */
export function clearSign(text: string): string {
  const escaped = text
    .split('\n')
    .map((line) => (line.startsWith('-') ? `- ${line}` : line))
    .join('\n')
  return (
    '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n' +
    escaped +
    (escaped.endsWith('\n') ? '' : '\n') +
    '-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEEfakefakefakefakefakefakefakefakeFAKE=\n=AbCd\n-----END PGP SIGNATURE-----\n'
  )
}

/** Build a `.deb` with dpkg-deb (`-Z` compression of both members), or undefined without it. */
export function buildDeb(
  directory: string,
  options: { compression: 'gzip' | 'xz' | 'zstd'; control?: string; name?: string },
): string | undefined {
  if (!hasCommand('dpkg-deb')) return undefined
  const tree = join(directory, `tree-${options.compression}`)
  mkdirSync(join(tree, 'DEBIAN'), { recursive: true })
  mkdirSync(join(tree, 'usr', 'share', 'doc', 'hello'), { recursive: true })
  writeFileSync(join(tree, 'usr', 'share', 'doc', 'hello', 'README'), 'hello\n')
  writeFileSync(
    join(tree, 'DEBIAN', 'control'),
    options.control ??
      'Package: hello\nSource: hello-src (1.0-1)\nVersion: 1.0-1+b1\nArchitecture: amd64\n' +
        'Maintainer: Test Maintainer <test@example.org>\nDescription: test package\n A test package.\n .\n Second.\n',
  )
  writeFileSync(join(tree, 'DEBIAN', 'postinst'), '#!/bin/sh\nexit 0\n')
  chmodSync(join(tree, 'DEBIAN', 'postinst'), 0o755)
  const deb = join(directory, options.name ?? `hello_1.0-1+b1_amd64-${options.compression}.deb`)
  execFileSync('dpkg-deb', ['--root-owner-group', `-Z${options.compression}`, '--build', tree, deb], {
    stdio: 'ignore',
  })
  return deb
}

/**
 * Where python-debian is: the sid chroot of the real server (the reference; pass its root),
 * the host, or nowhere.
 */
export function pythonDebianLocation(sidRoot?: string): 'sid' | 'host' | undefined {
  if (sidRoot !== undefined && existsSync(join(sidRoot, 'usr/lib/python3/dist-packages/debian/deb822.py')))
    return 'sid'
  if (spawnSync('/usr/bin/python3', ['-c', 'import debian.deb822'], { stdio: 'ignore' }).status === 0)
    return 'host'
  return undefined
}

const converter = `
import json, sys
from debian import deb822, debfile
def plain(value):
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return [plain(item) for item in value]
    return {key: plain(item) for key, item in value.items()}
kind, path = sys.argv[1], sys.argv[2]
if kind == 'deb':
    deb = debfile.DebFile(path)
    names = [member.name for member in deb.control.tgz().getmembers() if member.isfile()]
    print(json.dumps({'fields': plain(deb.debcontrol()), 'controlFiles': sorted(name[2:] if name.startswith('./') else name for name in names)}))
else:
    with open(path) as handle:
        parsed = (deb822.Dsc if kind == 'dsc' else deb822.Changes)(handle)
    print(json.dumps(plain(parsed)))
`

/**
 * Parse a file with python-debian (`Dsc`, `Changes`, or a `.deb`'s control) and convert it to
 * plain JSON; undefined when python-debian is nowhere.
 */
export function parseWithPythonDebian(
  kind: 'dsc' | 'changes' | 'deb',
  path: string,
  sidRoot?: string,
): unknown {
  const location = pythonDebianLocation(sidRoot)
  if (location === undefined) return undefined
  let command = '/usr/bin/python3'
  let args = ['-c', converter, kind, path]
  let copy: string | undefined
  if (location === 'sid' && sidRoot !== undefined) {
    const inside = mkdtempSync(join(sidRoot, 'tmp', 'parity-'))
    copy = join(inside, basename(path))
    copyFileSync(path, copy)
    command = 'chroot'
    args = [sidRoot, 'python3', '-c', converter, kind, copy.slice(sidRoot.length)]
  }
  try {
    return JSON.parse(
      execFileSync(command, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } }),
    )
  } finally {
    if (copy !== undefined) rmSync(join(copy, '..'), { recursive: true, force: true })
  }
}
