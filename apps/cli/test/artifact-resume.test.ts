import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer, uniqueName } from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

let config: string
let state: string
/**
 * Between the CLI and the server: a proxy that, while `holdUploads` is set, lets no byte of a
 * file upload through (the upload journal is per API URL, so every run of a test goes through it).
 */
let proxy: FaultProxy
let holdUploads = false
beforeAll(async () => {
  proxy = await startFaultProxy({
    target: realServer().apiUrl,
    seed: 1,
    fates: {
      request: ({ method }) =>
        holdUploads && method === 'PUT'
          ? { kind: 'stall', direction: 'up', afterBytes: 0 }
          : { kind: 'pass' },
    },
  })
  config = writeConfig({ workspace: await freshWorkspace('cli-resume'), apiUrl: proxy.url })
  state = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-state-'))
})
afterAll(() => proxy.close())

/** A directory with one file of fresh content (the server deduplicates content per workspace). */
function filesToUpload(): string {
  const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-resume-'))
  writeFileSync(join(directory, 'a.txt'), `${uniqueName('content')}\n`.repeat(1000))
  return directory
}

type Summary = { artifact_id: number; files_to_upload: number }

/**
 * `artifact create` interrupted by SIGINT (Ctrl-C) once the artifact exists, while its upload
 * is held by the proxy before any byte of the file reaches the server: the summary on stdout is
 * printed as soon as the server has created the artifact.
 */
async function interruptedCreate(directory: string): Promise<Summary> {
  const controller = new AbortController()
  let created: Summary | undefined
  holdUploads = true
  const run = await runCli(
    ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'a.txt'],
    {
      cwd: directory,
      env: { XDG_STATE_HOME: state },
      signal: controller.signal,
      onStdout: (text) => {
        created = parse(text) as Summary
        controller.abort()
      },
    },
  )
  holdUploads = false
  // Interrupted like Ctrl-C: 130 (the upload did not complete), one line saying what exists.
  expect(run.code, run.stderr).toBe(130)
  expect(created).toBeDefined()
  expect(run.stderr).toContain(
    `debusine-ts: interrupted (SIGINT): artifact ${created!.artifact_id} exists on the server; files still to upload: "a.txt"; running the same command again continues it.`,
  )
  const shown = await runCli([
    '--config-file',
    config,
    'artifact',
    'show',
    String(created!.artifact_id),
    '--json',
  ])
  expect(JSON.parse(shown.stdout)).toMatchObject({ files_to_upload: ['a.txt'] })
  return created!
}

describe('artifact create after an interrupted run', () => {
  it('continues the same artifact, and says so', async () => {
    const directory = filesToUpload()
    const first = await interruptedCreate(directory)
    expect(first.files_to_upload).toBe(1)
    const again = await runCli(
      ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'a.txt'],
      {
        cwd: directory,
        env: { XDG_STATE_HOME: state },
      },
    )
    expect(again.code, again.stderr).toBe(0)
    const summary = parse(again.stdout) as Summary
    expect(summary.artifact_id).toBe(first.artifact_id)
    expect(summary.files_to_upload).toBe(1)
    expect(again.stderr).toMatch(new RegExp(`artifact ${first.artifact_id}`))
    const shown = await runCli([
      '--config-file',
      config,
      'artifact',
      'show',
      String(first.artifact_id),
      '--json',
    ])
    expect(JSON.parse(shown.stdout)).toMatchObject({ files_to_upload: [] })
  })

  it('with --no-resume creates a new artifact', async () => {
    const directory = filesToUpload()
    const first = await interruptedCreate(directory)
    const fresh = await runCli(
      ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'a.txt', '--no-resume'],
      { cwd: directory, env: { XDG_STATE_HOME: state } },
    )
    expect(fresh.code, fresh.stderr).toBe(0)
    expect((parse(fresh.stdout) as Summary).artifact_id).not.toBe(first.artifact_id)
  })
})
