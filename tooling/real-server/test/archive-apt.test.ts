/**
 * From a published suite to `apt install`, with the CLI's `archive` repository commands (the
 * built bin) as the README's "Use the repository" section gives them: a `debian_pipeline` of
 * the passing fixture publishes into the workspace's signed suite; `archive wait`, started
 * before publishing ends, returns once the index lists the package; apt installs it into an
 * empty root whose only sources are the output of `archive sources` (the key inline in
 * `Signed-By`). A bad token and a wrong suite each give an error naming what is wrong;
 * `archive suite ensure` run again changes nothing. The pipeline is waited for with
 * `waitForCompletion` (the building worker is shared: it may take many minutes). 0.11.3
 * is left out: the harness keeps its environments and suites in collections, which 0.11 has
 * no API for.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import { ArchiveRepository, DebusineClient } from '../../../packages/client/src/index.js'
import { runCli, writeConfig } from '../../../apps/cli/test/support/run-cli.js'
import { realServer, requires, serverLacks, uniqueName } from '../../vitest/real-server.js'
import { aptInstallFrom } from './support/apt-root.js'
import { archiveWorkspace, signingUp, type SigningEnv } from './support/archive.js'
import { builderUp, builderWorkspace, makeSource, type BuilderEnv } from './support/builder.js'

const SUITE = 'dts'
const PIPELINE_TIMEOUT_MS = 20 * 60_000
const server = realServer()
let builder: BuilderEnv
let signing: SigningEnv
let client: DebusineClient
let workspace: string
let directory: string
let config: string

/** Seconds since `start`, for the note. */
const took = (start: number): string => `${((performance.now() - start) / 1000).toFixed(1)} s`

beforeAll(async () => {
  if (serverLacks('collections.create')) return
  builder = await builderUp()
  signing = await signingUp()
  workspace = await archiveWorkspace(await builderWorkspace(uniqueName('apt')), SUITE)
  client = new DebusineClient({ apiUrl: server.apiUrl, token: builder.token, scope: server.scope, workspace })
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-archive-apt-'))
  config = writeConfig({ token: builder.token, workspace, directory })
}, 20 * 60_000)

/** The archive's base URL, on its host name (`deb.localhost:PORT`), which does not resolve here. */
const archiveUrl = (): string => `http://${signing.archiveHost}`

/**
 * The `debusine-ts archive …` command lines of the README's "Use the repository" section, as
 * argv (quotes dropped, `> FILE` left to the caller), with the variables set and
 * `--connect-to` the server's address added.
 */
function readmeCommands(variables: Record<string, string>): string[][] {
  const readme = readFileSync(new URL('../../../apps/cli/README.md', import.meta.url), 'utf8')
  const section = readme.split('\n## Use the repository\n')[1]!.split('\n## ')[0]!
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!
  return block
    .split('\n')
    .filter((line) => line.startsWith('debusine-ts archive '))
    .map((line) =>
      line
        .replace(/ > \S+$/, '')
        .split(' ')
        .slice(1)
        .map((word) => word.replace(/^"\$([A-Z]+)"$/, (_match, name: string) => variables[name]!))
        .concat(['--connect-to', new URL(server.apiUrl).hostname]),
    )
}

const cli = (argv: readonly string[], configFile = config) => runCli(['--config-file', configFile, ...argv])

requires('collections.create').describe('from a published suite to apt install (CLI)', () => {
  let name: string
  let version: string
  let commands: { wait: string[]; published: string[]; sources: string[] }

  it(
    'archive wait, started before publishing ends, returns once the index lists the pipeline’s package',
    async () => {
      name = `dts-pass-${Date.now().toString(36)}`
      version = `1.0~${Date.now().toString(36)}`
      const dsc = await makeSource('pass', name, version, directory)
      const { artifact } = await client.debian.import(dsc)
      const [wait, published, sources] = readmeCommands({
        ARCHIVE: archiveUrl(),
        WORKSPACE: workspace,
        SOURCE: name,
        VERSION: version,
      })
      commands = { wait: wait!, published: published!, sources: sources! }
      expect(commands.wait.slice(0, 2)).toEqual(['archive', 'wait'])

      const start = performance.now()
      const started = await client.workflows.start({
        taskName: 'debian_pipeline',
        taskData: {
          source_artifact: artifact.id,
          suite: `${SUITE}@debian:suite`,
          vendor: 'debian',
          codename: 'sid',
          enable_autopkgtest: false,
          enable_piuparts: false,
          enable_blhc: false,
          enable_lintian: true,
        },
      })
      const notYet = await cli(commands.published)
      expect(notYet, notYet.stderr).toMatchObject({
        code: 1,
        stdout: `${name} ${version} is not listed in ${SUITE}\n`,
      })
      let waitEnded = 0
      const waiting = cli(commands.wait).then((run) => {
        waitEnded = performance.now()
        return run
      })
      const root = await client.workRequests.waitForCompletion(started.id, {
        maxWait: PIPELINE_TIMEOUT_MS,
        pollInterval: 2000,
      })
      const rootEnded = performance.now()
      expect(root, JSON.stringify(root)).toMatchObject({ status: 'completed', result: 'success' })
      const waited = await waiting
      expect(waited, waited.stderr).toMatchObject({ code: 0 })
      expect(waited.stdout).toMatch(
        new RegExp(
          `^${name} 1\\.0~\\S+ is listed in ${SUITE} for amd64 \\(after [\\d.]+ s; InRelease verified\\)\\n$`,
        ),
      )
      console.info(
        `archive-apt: pipeline ${((rootEnded - start) / 1000).toFixed(1)} s; archive wait returned ` +
          `${((waitEnded - start) / 1000).toFixed(1)} s after the start, ` +
          `${((waitEnded - rootEnded) / 1000).toFixed(1)} s after the root workflow's completion was seen`,
      )
      const now = await cli(commands.published)
      expect(now, now.stderr).toMatchObject({ code: 0, stdout: `${name} ${version} is listed in ${SUITE}\n` })
    },
    PIPELINE_TIMEOUT_MS + 60_000,
  )

  it('apt installs it into an empty root whose only sources are the output of archive sources', async () => {
    const sources = await cli(commands.sources)
    expect(sources, sources.stderr).toMatchObject({ code: 0, stderr: '' })
    expect(sources.stdout).toMatch(/^Signed-By:\n -----BEGIN PGP PUBLIC KEY BLOCK-----\n \.\n/m)
    const repository = new ArchiveRepository({
      url: archiveUrl(),
      connectTo: new URL(server.apiUrl).hostname,
      scope: server.scope,
    })
    const key = await repository.signingKey(workspace)
    expect(key.fingerprints).toHaveLength(1)
    const start = performance.now()
    const apt = await aptInstallFrom(
      directory,
      { sources: sources.stdout, host: signing.archiveHost.split(':')[0]! },
      name,
    )
    console.info(`archive-apt: apt-get update and install ${took(start)}`)
    expect(apt.stdout + apt.stderr).not.toMatch(/NO_PUBKEY|not signed|insecure|^W:/m)
    expect(apt.stdout).toContain(`Setting up ${name} (${version})`)
    const status = await promisify(execFile)('dpkg-query', [
      `--root=${apt.root}`,
      '-W',
      '-f',
      '${Status} ${Version}',
      name,
    ])
    expect(status.stdout).toBe(`install ok installed ${version}`)
  }, 180_000)

  it('a wrong suite and a bad token each give an error naming what is wrong (exit 3)', async () => {
    const wrongSuite = commands.sources.map((word) => (word === SUITE ? 'no-such-suite' : word))
    const wrong = await cli(wrongSuite)
    expect(wrong.code).toBe(3)
    expect(wrong.stderr).toMatch(
      /dists\/no-such-suite\/InRelease answered HTTP 404: suite "no-such-suite" does not exist or has nothing published yet/,
    )

    const badConfig = writeConfig({
      token: 'b'.repeat(64),
      workspace,
      directory: mkdtempSync(join(directory, 'bad-')),
    })
    const where = [
      '--archive-url',
      archiveUrl(),
      '--workspace',
      workspace,
      '--connect-to',
      new URL(server.apiUrl).hostname,
    ]
    const bad = await cli(['archive', 'key', ...where, '--login', 'testuser'], badConfig)
    expect(bad.code).toBe(3)
    expect(bad.stderr).toMatch(
      /signing-keys\.asc answered HTTP 403: the archive refused the credentials \(check the user name and token\)/,
    )
  }, 60_000)

  it('archive suite ensure creates a suite, then changes nothing, then adds only what is missing', async () => {
    const suite = uniqueName('ensure').toLowerCase()
    const ensure = (...more: string[]) =>
      cli([
        'archive',
        'suite',
        'ensure',
        suite,
        '--workspace',
        workspace,
        '--architecture',
        'amd64',
        ...more,
        '--json',
      ])
    const outcome = async (...more: string[]) => {
      const run = await ensure(...more)
      expect(run, run.stderr).toMatchObject({ code: 0 })
      const { change, added, collection } = JSON.parse(run.stdout) as {
        change: string
        added: unknown
        collection: { data: unknown }
      }
      return { change, added, data: collection.data }
    }
    expect(await outcome()).toMatchObject({
      change: 'created',
      added: { components: ['main'], architectures: ['amd64'] },
      data: { components: ['main'], architectures: ['amd64'] },
    })
    expect(await outcome()).toMatchObject({
      change: 'unchanged',
      added: { components: [], architectures: [] },
    })
    expect(await outcome('--architecture', 'all', '--component', 'main')).toMatchObject({
      change: 'updated',
      added: { components: [], architectures: ['all'] },
      data: { components: ['main'], architectures: ['amd64', 'all'] },
    })
    expect(await outcome('--architecture', 'all')).toMatchObject({ change: 'unchanged' })
    const read = await client.collections.get({ category: 'debian:suite', name: suite })
    expect(read.data).toMatchObject({ components: ['main'], architectures: ['amd64', 'all'] })
  }, 120_000)
})
