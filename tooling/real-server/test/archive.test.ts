/**
 * The signed package repository of the real server: the signing worker (`signing-up`)
 * generates a workspace's archive key (`archive-workspace`); a tiny `.deb` built here with
 * dpkg-deb is uploaded with the client and published into the suite by the server's
 * `package_publish` workflow, whose `update_suites` child writes the indexes and has the
 * signing worker sign `InRelease`. Then, over HTTP on the archive's host name, as apt sees
 * it: the key, `InRelease` verified with gpgv, `Packages`, the pool file; and apt installs
 * the package into an empty root knowing only the repository's URL and key. 0.11.3 is left
 * out: the archive is set up through collections, which 0.11 has no API for.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { realServer, requires, serverLacks, uniqueName } from '../../vitest/real-server.js'
import { aptInstall } from './support/apt-root.js'
import { archiveGet, archiveWorkspace, realKey, signingUp, type SigningEnv } from './support/archive.js'

const exec = promisify(execFile)
const SUITE = 'dts'
const server = realServer()
let signing: SigningEnv
let client: DebusineClient
let workspace: string
let directory: string

/** Milliseconds since `start`, for the timings the README gives. */
const took = (start: number): string => `${((performance.now() - start) / 1000).toFixed(1)} s`

beforeAll(async () => {
  if (serverLacks('collections.get')) return
  let start = performance.now()
  signing = await signingUp()
  console.info(`archive test: signing-up ${took(start)}`)
  start = performance.now()
  workspace = await archiveWorkspace(uniqueName('archive'), SUITE)
  console.info(`archive test: archive-workspace ${took(start)}`)
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-archive-'))
}, 15 * 60_000)

const archivePath = (path: string): string => `/${server.scope}/${workspace}/${path}`
const get = (path: string): Promise<{ status: number; body: Buffer }> =>
  archiveGet(server.apiUrl, signing.archiveHost, archivePath(path))

/** A `.deb` of package `name`, architecture all, no dependencies, from a template written here. */
async function buildDeb(name: string, version: string): Promise<string> {
  const root = join(directory, `${name}-root`)
  mkdirSync(join(root, 'DEBIAN'), { recursive: true })
  mkdirSync(join(root, 'usr/share', name), { recursive: true })
  writeFileSync(
    join(root, 'DEBIAN/control'),
    [
      `Package: ${name}`,
      `Version: ${version}`,
      'Architecture: all',
      'Maintainer: debusine-ts tests <tests@example.org>',
      'Section: misc',
      'Priority: optional',
      'Description: tiny package of the debusine-ts archive test',
      ' Installed by apt from the signed repository of the real server.',
      '',
    ].join('\n'),
  )
  writeFileSync(join(root, 'usr/share', name, 'hello'), `hello from ${name} ${version}\n`)
  const deb = join(directory, `${name}_${version}_all.deb`)
  await exec('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', root, deb])
  return deb
}

/** The paragraph of the `Packages` index for package `name`, as field → value. */
function paragraph(packages: string, name: string): Map<string, string> | undefined {
  for (const block of packages.split(/\n\n+/)) {
    const fields = new Map<string, string>()
    for (const match of block.matchAll(/^([A-Za-z0-9-]+): (.*)$/gm)) fields.set(match[1]!, match[2]!)
    if (fields.get('Package') === name) return fields
  }
  return undefined
}

requires('collections.get').describe('a signed package repository on the archive host name', () => {
  let keyring: Buffer
  let name: string
  let version: string
  let deb: string

  it('the workspace has the suite and its archive a real key', async () => {
    const suite = await client.collections.get({ category: 'debian:suite', name: SUITE })
    expect(suite.data).toMatchObject({ components: ['main'], architectures: ['all', 'amd64'] })
    const start = performance.now()
    const key = await realKey(get)
    console.info(`archive test: a real key at signing-keys.asc ${took(start)}`)
    expect(key.armored).toContain('-----BEGIN PGP PUBLIC KEY BLOCK-----')
    keyring = key.keyring
    writeFileSync(join(directory, 'archive.gpg'), keyring)
    writeFileSync(join(directory, 'archive.asc'), key.armored)
  }, 90_000)

  it(
    'publishes a .deb uploaded with the client into the suite (package_publish)',
    async () => {
      name = uniqueName('dts-archive').toLowerCase()
      version = '1.0'
      deb = await buildDeb(name, version)
      let start = performance.now()
      const { artifact } = await client.debian.import(deb)
      console.info(`archive test: upload ${took(start)}`)
      expect(artifact.category).toBe('debian:binary-package')

      start = performance.now()
      const started = await client.workflows.start({
        taskName: 'package_publish',
        taskData: {
          binary_artifacts: [artifact.id],
          target_suite: `${SUITE}@debian:suite`,
          suite_variables: { component: 'main', section: 'misc', priority: 'optional' },
        },
      })
      const done = await client.workRequests.waitForCompletion(started.id, {
        maxWait: 5 * 60_000,
        pollInterval: 1000,
      })
      console.info(`archive test: package_publish (with update_suites and the signature) ${took(start)}`)
      expect(done, JSON.stringify(done)).toMatchObject({ status: 'completed', result: 'success' })
      const [match] = await client.archive.findPackages(SUITE, { names: [name], binary: true })
      expect(match!.items.map((item) => item.name)).toEqual([`${name}_${version}_all`])
    },
    6 * 60_000,
  )

  it('serves InRelease signed by the key, Packages listing the package, and the .deb', async () => {
    const inRelease = await get(`dists/${SUITE}/InRelease`)
    expect(inRelease.status).toBe(200)
    const inReleasePath = join(directory, 'InRelease')
    writeFileSync(inReleasePath, inRelease.body)
    // gpgv trusts only the keyring it is given: the archive's own key.
    const verified = await exec('gpgv', ['--keyring', join(directory, 'archive.gpg'), inReleasePath])
    expect(verified.stderr).toMatch(/Good signature/)
    const release = inRelease.body.toString('utf8')
    expect(release).toMatch(new RegExp(`^Suite: ${SUITE}$`, 'm'))
    expect(release).toMatch(/^Components: main$/m)

    // The server serves the xz-compressed index (the one apt asks for); InRelease signs
    // both it and what it decompresses to.
    const packagesXz = await get(`dists/${SUITE}/main/binary-all/Packages.xz`)
    expect(packagesXz.status).toBe(200)
    const signs = (body: Buffer, path: string): void => {
      const sha256 = createHash('sha256').update(body).digest('hex')
      expect(release).toMatch(new RegExp(`^ ${sha256} +${body.length} ${path.replace(/\./g, '\\.')}$`, 'm'))
    }
    signs(packagesXz.body, 'main/binary-all/Packages.xz')
    writeFileSync(join(directory, 'Packages.xz'), packagesXz.body)
    const packages = {
      body: Buffer.from((await exec('xz', ['-dc', join(directory, 'Packages.xz')])).stdout, 'utf8'),
    }
    signs(packages.body, 'main/binary-all/Packages')
    const fields = paragraph(packages.body.toString('utf8'), name)
    expect(fields, packages.body.toString('utf8')).toBeDefined()
    expect(fields!.get('Version')).toBe(version)

    const pool = await get(fields!.get('Filename')!)
    expect(pool.status).toBe(200)
    expect(pool.body.equals(readFileSync(deb))).toBe(true)
  }, 60_000)

  it('apt installs the package into an empty root knowing only the URL and the key', async () => {
    const [host, port] = signing.archiveHost.split(':')
    const url = `http://${host}:${port}${archivePath('')}`.replace(/\/$/, '')
    const start = performance.now()
    const apt = await aptInstall(
      directory,
      { url, suite: SUITE, keyFile: join(directory, 'archive.asc') },
      name,
    )
    const root = apt.root
    console.info(`archive test: apt-get update and install ${took(start)}`)
    expect(apt.stdout).toMatch(
      new RegExp(`^Get:\\d+ ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${SUITE} InRelease`, 'm'),
    )
    expect(apt.stdout + apt.stderr).not.toMatch(/NO_PUBKEY|not signed|insecure|^W:/m)
    expect(apt.stdout).toContain(`Setting up ${name} (${version})`)
    const status = await exec('dpkg-query', [`--root=${root}`, '-W', '-f', '${Status} ${Version}', name])
    expect(status.stdout).toBe(`install ok installed ${version}`)
    expect(readFileSync(join(root, 'usr/share', name, 'hello'), 'utf8')).toBe(
      `hello from ${name} ${version}\n`,
    )
  }, 150_000)
})
