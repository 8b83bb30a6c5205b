/**
 * The `debian_pipeline` workflow on the real server's building worker (`builder-up`): fixture
 * source packages made from `tooling/real-server/fixtures/template` are built by sbuild and
 * checked by lintian, through the client and through the CLI. 0.11.3 is left out: the
 * harness keeps its environments in a collection, which 0.11 has no API for.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Artifact, WorkRequest } from '@debusine-ts/models'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  DebusineClient,
  workflowChildren,
  workflowFailures,
  workflowOutputs,
  workflowTree,
} from '../../../packages/client/src/index.js'
import { runCli } from '../../../apps/cli/test/support/run-cli.js'
import { runAction } from '../../../apps/action/test/support/run-action.js'
import { realServer, requires, serverLacks, uniqueName } from '../../vitest/real-server.js'
import { aptInstall } from './support/apt-root.js'
import { archiveGet, archiveWorkspace, realKey, signingUp, type SigningEnv } from './support/archive.js'
import {
  builderUp,
  builderWorkspace,
  makeSource,
  waitForBuild,
  type BuilderEnv,
  type FixtureKind,
} from './support/builder.js'

/**
 * One pipeline of the tiny fixtures: a few minutes on two cores busy with the other tests (each
 * task unpacks and deletes a whole environment). A missing worker fails sooner (`waitForBuild`).
 */
const PIPELINE_TIMEOUT_MS = 20 * 60_000

let builder: BuilderEnv
let signing: SigningEnv
let client: DebusineClient
let workspace: string
let directory: string

beforeAll(async () => {
  if (serverLacks('collections.create')) return
  builder = await builderUp()
  // The passing fixture is published into the workspace's signed suite: its archive is signed
  // by the signing worker.
  signing = await signingUp()
  workspace = await archiveWorkspace(await builderWorkspace(uniqueName('pipeline')), SUITE)
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: builder.token, scope: server.scope, workspace })
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-pipeline-'))
}, 20 * 60_000)

/** The suite `archive-workspace` makes, which the passing fixture is published into. */
const SUITE = 'dts'

/** The pipeline's task data: sbuild and lintian (autopkgtest, piuparts, blhc not set up here). */
const pipelineData = (source: number, publish = false): Record<string, unknown> => ({
  source_artifact: source,
  ...(publish ? { suite: `${SUITE}@debian:suite` } : {}),
  vendor: 'debian',
  codename: 'sid',
  enable_autopkgtest: false,
  enable_piuparts: false,
  enable_blhc: false,
  enable_lintian: true,
})

/** A fixture of `kind` with a name and version no other run used, imported as a source artifact. */
async function importFixture(
  kind: FixtureKind,
): Promise<{ name: string; version: string; dsc: string; id: number }> {
  const name = `dts-${kind}-${Date.now().toString(36)}`
  const version = `1.0~${Date.now().toString(36)}`
  const dsc = await makeSource(kind, name, version, directory)
  const { artifact } = await client.debian.import(dsc)
  expect(artifact.category).toBe('debian:source-package')
  return { name, version, dsc, id: artifact.id }
}

/** The workflow's work requests of task `task` (not sub-workflows). */
async function childrenOf(root: WorkRequest, task: string): Promise<WorkRequest[]> {
  const { children, complete } = await workflowChildren(client, root)
  expect(complete).toBe(true)
  return children.filter((child) => child.task_name === task && child.task_type === 'Worker')
}

const artifactsOf = (request: WorkRequest): Promise<Artifact[]> =>
  Promise.all(request.artifacts.map((id) => client.artifacts.get(id)))

requires('collections.create').describe('debian_pipeline on the building worker', () => {
  it(
    'builds the passing fixture, lintian passes it, and it is published into the suite (client)',
    async () => {
      const fixture = await importFixture('pass')
      const started = await client.workflows.start({
        taskName: 'debian_pipeline',
        taskData: pipelineData(fixture.id, true),
      })
      const root = await waitForBuild(client, builder, started.id, PIPELINE_TIMEOUT_MS)
      expect(root, JSON.stringify(root)).toMatchObject({ status: 'completed', result: 'success' })

      const [sbuild] = await childrenOf(root, 'sbuild')
      expect(sbuild).toMatchObject({ status: 'completed', result: 'success' })
      const produced = await artifactsOf(sbuild!)
      const categories = produced.map((artifact) => artifact.category)
      expect(categories).toEqual(
        expect.arrayContaining(['debian:binary-package', 'debian:upload', 'debian:package-build-log']),
      )
      const binary = produced.find((artifact) => artifact.category === 'debian:binary-package')!
      expect(Object.keys(binary.files)).toEqual([`${fixture.name}_${fixture.version}_all.deb`])
      expect(binary.data).toMatchObject({ srcpkg_name: fixture.name, srcpkg_version: fixture.version })
      const log = produced.find((artifact) => artifact.category === 'debian:package-build-log')!
      const logText = await readArtifactText(log)
      expect(logText).toContain(`dpkg-deb: building package '${fixture.name}'`)

      const [lintian] = await childrenOf(root, 'lintian')
      expect(lintian).toMatchObject({ status: 'completed', result: 'success' })
      // The tree holds what the server lists, lintian under the qa sub-workflow; the outputs
      // filter finds the .deb by category, architecture and package glob.
      const tree = await workflowTree(client, started.id)
      const { children } = await workflowChildren(client, root)
      expect(tree.nodes.map((node) => [node.id, node.status])).toEqual(
        children.map((child) => [child.id, child.status]),
      )
      expect(tree.nodes.find((node) => node.id === lintian!.id)?.underQa).toBe(true)
      expect(tree.nodes.find((node) => node.id === sbuild!.id)?.underQa).toBe(false)
      const debs = { category: 'debian:binary-package', package: 'dts-pass-*' }
      expect(
        (await workflowOutputs(client, started.id, { ...debs, architecture: 'all' })).map((a) => a.id),
      ).toEqual([binary.id])
      expect(await workflowOutputs(client, started.id, { ...debs, architecture: 'arm64' })).toEqual([])
      expect(await workflowFailures(client, started.id)).toEqual([])
      await checkPassingCli(started.id, binary)
      const [published] = await client.archive.findPackages(SUITE, { names: [fixture.name], binary: true })
      expect(published!.items.map((item) => item.name)).toEqual([`${fixture.name}_${fixture.version}_all`])
      const installed = await installFromSuite(fixture.name)
      expect(installed.stdout).toContain(`Setting up ${fixture.name} (${fixture.version})`)
      const greeting = await promisify(execFile)('sh', [join(installed.root, 'usr/bin', fixture.name)])
      expect(greeting.stdout).toBe(`hello from ${fixture.name}\n`)
    },
    PIPELINE_TIMEOUT_MS + 60_000,
  )

  it(
    'a fixture whose build fails ends the pipeline aborted, failed at sbuild (CLI)',
    async () => {
      const name = `dts-build-fails-${Date.now().toString(36)}`
      const dsc = await makeSource('build-fails', name, '1.0', directory)
      const config = writeBuilderConfig()
      const imported = await runCli(['--config-file', config, 'artifact', 'import-debian', dsc, '--json'])
      expect(imported.code, imported.stderr).toBe(0)
      const source = (JSON.parse(imported.stdout) as { artifact_id: number }).artifact_id
      const data = join(directory, `${name}.json`)
      writeFileSync(data, JSON.stringify(pipelineData(source)))
      const start = await runCli([
        '--config-file',
        config,
        'workflow',
        'start',
        'debian_pipeline',
        '--no-template',
        '--data',
        data,
        '--json',
      ])
      expect(start.code, start.stderr).toBe(0)
      const started = JSON.parse(start.stdout) as { id: number }
      // 0.16.2 aborts what depends on a failed build (the qa sub-workflow and its lintian),
      // and with it the root: aborted, not completed with a failure.
      const root = await waitForBuild(client, builder, started.id, PIPELINE_TIMEOUT_MS)
      expect(root).toMatchObject({ status: 'aborted' })

      const [sbuild] = await childrenOf(root, 'sbuild')
      expect(sbuild).toMatchObject({ status: 'completed', result: 'failure' })
      const log = (await artifactsOf(sbuild!)).find(
        (artifact) => artifact.category === 'debian:package-build-log',
      )!
      expect(await readArtifactText(log)).toContain('this build fails on purpose')
      // Nothing was built, so nothing was checked.
      const lintian = await childrenOf(root, 'lintian')
      expect(lintian.map((child) => child.status)).toEqual(['aborted'])
      // Named as a build failure, with the end of its build log.
      const failures = await workflowFailures(client, started.id)
      expect(failures.map((failure) => [failure.node.id, failure.failureClass])).toEqual([
        [sbuild!.id, 'build'],
      ])
      expect(await failures[0]!.logTail(200)).toContain('this build fails on purpose')
      await expect(failures[0]!.logTail(-1)).rejects.toThrow(/lines/)
      // The CLI names it too: class build, its page, the failing line in its log's tail.
      const report = await runCli([
        '--config-file',
        config,
        'workflow',
        'failures',
        String(started.id),
        '--lines',
        '200',
        '--json',
      ])
      expect(report.code, report.stderr).toBe(0)
      const reports = JSON.parse(report.stdout) as Record<string, unknown>[]
      expect(reports).toEqual([
        expect.objectContaining({ id: sbuild!.id, task_name: 'sbuild', class: 'build', result: 'failure' }),
      ])
      expect(reports[0]!['url']).toContain(`/work-request/${sbuild!.id}/`)
      expect(reports[0]!['log_tail']).toContain('this build fails on purpose')
      const human = await runCli(['--config-file', config, 'workflow', 'failures', String(started.id)])
      expect(human.code, human.stderr).toBe(0)
      expect(human.stdout).toContain(
        `BUILD failure: work request ${sbuild!.id} Worker/sbuild completed [failure]`,
      )
      expect(human.stdout.split('\n').filter((line) => line.startsWith('  | '))).toHaveLength(20)
      // A build failure fails the watch even with --fail-on build: the root was aborted.
      const watched = await runCli([
        '--config-file',
        config,
        'workflow',
        'watch',
        String(started.id),
        '--fail-on',
        'build',
      ])
      expect(watched.code, watched.stderr).toBe(12)
      expect(watched.stdout).toContain(`${started.id}: ${sbuild!.id} Worker/sbuild completed [failure]`)

      const shown = await runCli([
        '--config-file',
        config,
        'work-request',
        'show',
        String(started.id),
        '--json',
      ])
      expect(shown.code, shown.stderr).toBe(0)
      expect(JSON.parse(shown.stdout)).toMatchObject({ id: started.id, status: 'aborted' })
    },
    PIPELINE_TIMEOUT_MS + 60_000,
  )

  it(
    'a fixture that builds but fails lintian at error severity fails only at lintian (client)',
    async () => {
      const fixture = await importFixture('lintian-error')
      const started = await client.workflows.start({
        taskName: 'debian_pipeline',
        taskData: pipelineData(fixture.id),
      })
      const root = await waitForBuild(client, builder, started.id, PIPELINE_TIMEOUT_MS)
      expect(root.status).toBe('completed')
      const [sbuild] = await childrenOf(root, 'sbuild')
      expect(sbuild).toMatchObject({ status: 'completed', result: 'success' })
      const [lintian] = await childrenOf(root, 'lintian')
      expect(lintian).toMatchObject({ status: 'completed', result: 'failure' })
      const analysis = (await artifactsOf(lintian!)).find(
        (artifact) => artifact.category === 'debian:lintian',
      )!
      expect(JSON.stringify(analysis.data)).toContain('no-copyright-file')
      // A QA failure, and only it is retried: one new lintian, nothing else.
      const failures = await workflowFailures(client, started.id)
      expect(failures.map((failure) => [failure.node.id, failure.failureClass])).toEqual([
        [lintian!.id, 'qa'],
      ])
      const config = writeBuilderConfig()
      const cli = (...words: string[]) =>
        runCli(['--config-file', config, 'workflow', ...words, String(started.id)])
      const report = await cli('failures', '--json')
      expect(report.code, report.stderr).toBe(0)
      expect(JSON.parse(report.stdout)).toEqual([
        expect.objectContaining({ id: lintian!.id, task_name: 'lintian', class: 'qa' }),
      ])
      // QA only: green with --fail-on build (a warning names lintian), red without.
      const lenient = await cli('watch', '--fail-on', 'build')
      expect(lenient.code, lenient.stderr).toBe(0)
      expect(lenient.stderr).toContain(`qa failure of ${lintian!.id} lintian`)
      expect(lenient.stdout).toContain(`${started.id}: ${lintian!.id} Worker/lintian completed [failure]`)
      const strict = await cli('watch')
      expect(strict.code, strict.stderr).toBe(10)
      expect(strict.stderr).not.toContain('qa failure of')
      // The action too: fail-on build keeps the step green with a warning, and names the leaf.
      const action = (failOn: string) =>
        runAction({ ...actionInputs(), mode: 'wait', id: String(started.id), 'fail-on': failOn })
      const green = await action('build')
      expect(green.code, green.stdout).toBe(0)
      expect(green.outputs['failed-leaves']).toBe(`${lintian!.id}:lintian:qa`)
      expect(green.stdout).toContain(
        `::warning title=Debusine%3A qa::Work request #${lintian!.id} (lintian) failed`,
      )
      expect(green.summary).toContain(`<details><summary>#${lintian!.id} lintian: qa failure</summary>`)
      expect((await action('any-not-success')).code).toBe(1)
      // Only the lintian is retried (the CLI on retryFailed): one new work request, nothing else.
      const before = (await workflowTree(client, started.id)).nodes.map((node) => node.id)
      const retried = await cli('retry', '--failed', '--json')
      expect(retried.code, retried.stderr).toBe(0)
      const rows = JSON.parse(retried.stdout) as { id: number; task_name: string; retried_as: number }[]
      expect(rows.map((row) => [row.id, row.task_name])).toEqual([[lintian!.id, 'lintian']])
      expect(await client.workRequests.get(rows[0]!.retried_as)).toMatchObject({ task_name: 'lintian' })
      const after = (await workflowTree(client, started.id)).nodes.map((node) => node.id)
      expect(after.filter((id) => !before.includes(id))).toEqual([rows[0]!.retried_as])
      // The retry replaced the failed lintian: it is not a failure any more.
      expect(await workflowFailures(client, started.id)).toEqual([])
      // The builder has other work: the retry is not run here.
      await client.workRequests.abort(rows[0]!.retried_as)
    },
    PIPELINE_TIMEOUT_MS + 60_000,
  )
})

/**
 * The CLI on the passing pipeline: `workflow download` writes the verified .deb (and names
 * the filter that matches nothing), `workflow failures` says there is none, `retry --failed`
 * refuses.
 */
async function checkPassingCli(id: number, binary: Artifact): Promise<void> {
  const config = writeBuilderConfig()
  const target = mkdtempSync(join(directory, 'download-'))
  const filters = ['--category', 'debian:binary-package', '--package', 'dts-pass-*']
  const download = (architecture: string) =>
    runCli([
      '--config-file',
      config,
      'workflow',
      'download',
      String(id),
      ...filters,
      '--architecture',
      architecture,
      '--target-directory',
      target,
      '--json',
    ])
  const written = await download('all')
  expect(written.code, written.stderr).toBe(0)
  const [file] = Object.keys(binary.files)
  expect(JSON.parse(written.stdout)).toMatchObject({ artifacts: [{ artifact_id: binary.id, files: [file] }] })
  const bytes = readFileSync(join(target, file!))
  expect(bytes.length).toBe(binary.files[file!]!.size)
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(binary.files[file!]!.checksums['sha256'])
  expect(readdirSync(target)).toEqual([file])
  const none = await download('arm64')
  expect(none.code).toBe(3)
  expect(none.stderr).toContain(`No output of workflow ${id} matches --architecture 'arm64'`)
  const failures = await runCli(['--config-file', config, 'workflow', 'failures', String(id)])
  expect([failures.code, failures.stdout.trim()]).toEqual([0, `Workflow ${id} has no failed leaf.`])
  const retry = await runCli(['--config-file', config, 'workflow', 'retry', String(id), '--failed'])
  expect(retry.code).toBe(3)
  expect(retry.stderr).toContain(`Workflow ${id} has no failed or aborted leaf to retry`)
  const watched = await runCli(['--config-file', config, 'workflow', 'watch', String(id), '--json'])
  expect(watched.code, watched.stderr).toBe(0)
  expect(JSON.parse(watched.stdout)).toMatchObject([{ id, exit_code: 0, warnings: [] }])
}

/** apt installs package `name` from the workspace's suite, knowing only its URL and key. */
async function installFromSuite(name: string): Promise<{ root: string; stdout: string }> {
  const archivePath = `/${realServer().scope}/${workspace}`
  const key = await realKey((path) =>
    archiveGet(realServer().apiUrl, signing.archiveHost, `${archivePath}/${path}`),
  )
  const keyFile = join(directory, `${workspace}.asc`)
  writeFileSync(keyFile, key.armored)
  const url = `http://${signing.archiveHost}${archivePath}`
  return aptInstall(directory, { url, suite: SUITE, keyFile }, name)
}

/** The text of an artifact's only file. */
async function readArtifactText(artifact: Artifact): Promise<string> {
  const [path] = Object.keys(artifact.files)
  const body = await client.artifacts.openFile(artifact.id, path!)
  return new Response(body).text()
}

/** The action's inputs for the builder's account in the test's workspace. */
function actionInputs(): Record<string, string> {
  const server = realServer()
  return { 'api-url': server.apiUrl, scope: server.scope, workspace, token: builder.token }
}

/** A config file for the CLI with the builder's token and the test's workspace. */
function writeBuilderConfig(): string {
  const server = realServer()
  const path = join(directory, 'config.ini')
  writeFileSync(
    path,
    [
      '[General]',
      'default-server = builder',
      '',
      '[server:builder]',
      `api-url = ${server.apiUrl}`,
      `scope = ${server.scope}`,
      `token = ${builder.token}`,
      `default-workspace = ${workspace}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  )
  return path
}

describe('the building worker', () => {
  requires('collections.create').it('is registered and its environment is in the store', async () => {
    const environment = await client.artifacts.get(builder.environment)
    expect(environment.category).toBe('debian:system-tarball')
    expect(environment.data).toMatchObject({ codename: 'sid', architecture: 'amd64' })
  })
})
