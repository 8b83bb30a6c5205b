import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, uniqueName } from '../../../../tooling/vitest/real-server.js'
import {
  differential,
  filesOf,
  runOurs,
  runPython,
  sharedConfig,
  sharedDirectory,
  withoutKeys,
} from './harness.js'
import { errorCases, readingCases, type Case, type CaseContext } from './cases.js'
import { optionCases } from './option-cases.js'

// The same command lines through the Python CLI 0.16.2 and debusine-ts, against the same
// server with the same config file: exit code, stdout (YAML, parsed), the first line of
// stderr, files written and the server's state must match, but for the allowlist.

let config: string
let noroleConfig: string
let workspace: string
let directory: string
let immutable: string | undefined
const ids = { workRequest: 0, artifact: 0 }

/** Fields that differ between two objects created the same way (ids, times, URLs with ids). */
const VOLATILE = [
  'id',
  'url',
  'created_at',
  'started_at',
  'completed_at',
  'duration',
  'links',
  'message',
  'artifact_id',
]

function stable(value: unknown): unknown {
  return withoutKeys(value, (key) => VOLATILE.includes(key))
}

function withConfig(entry: Case): string[] {
  switch (entry.config ?? 'default') {
    case 'default':
      return ['--config-file', config, ...entry.argv]
    case 'norole':
      return ['--config-file', noroleConfig, ...entry.argv]
    case 'none':
      return [...entry.argv]
  }
}

function context(): CaseContext {
  return {
    workRequest: String(ids.workRequest),
    artifact: String(ids.artifact),
    workspace,
    directory,
  }
}

/**
 * Run cases two CLI processes at a time (the server has 2 workers on 2 cores) and fail with
 * every difference in full: an assertion on the joined report would cut it short.
 */
async function expectSameOutcomes(cases: readonly Case[]): Promise<void> {
  const report: string[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const entry = cases[next++]!
      const { problems } = await differential(withConfig(entry), entry)
      if (problems.length > 0)
        report.push(`${entry.name}: ${JSON.stringify(entry.argv)}\n  ${problems.join('\n  ')}`)
    }
  }
  await Promise.all([worker(), worker()])
  if (report.length > 0)
    throw new Error(`${report.length} of ${cases.length} cases differ:\n${report.join('\n')}`)
}

beforeAll(async () => {
  workspace = await freshWorkspace('diff')
  config = sharedConfig({ workspace })
  // norole sees no private workspace (404); in System it is refused, as the case wants.
  noroleConfig = sharedConfig({ token: realServer().noroleToken, workspace: realServer().workspace })
  directory = sharedDirectory('files')
  writeFileSync(join(directory, 'ok.yaml'), 'result: success\n')
  writeFileSync(join(directory, 'list.yaml'), '- 1\n- 2\n')
  writeFileSync(join(directory, 'empty.yaml'), '')
  writeFileSync(join(directory, 'file.txt'), `${uniqueName('diff')}\n`)
  writeFileSync(join(directory, 'not-executable'), '#!/bin/sh\n')
  writeFileSync(join(directory, 'template.yaml'), 'static_parameters: {}\nresult: success\n')
  writeFileSync(join(directory, 'suite.yaml'), 'components: [main]\narchitectures: [amd64]\n')
  writeFileSync(join(directory, 'lookups.yaml'), 'lookups: [a@debian:suite, b@debian:suite]\n')
  writeFileSync(join(directory, 'tpl.yaml'), 'static_parameters: {}\n')
  writeFileSync(join(directory, 'reactions.yaml'), 'on_success: []\n')
  mkdirSync(join(directory, 'empty'))
  immutable = join(directory, 'immutable')
  mkdirSync(immutable)
  execFileSync('chattr', ['+i', immutable])
  // Waited for: a work request that the worker runs meanwhile would show another status to
  // each CLI of a comparison.
  const created = await runOurs(
    ['--config-file', config, 'work-request', 'create', 'noop', '--json', '--wait'],
    {
      stdin: 'result: success\n',
    },
  )
  ids.workRequest = (JSON.parse(created.stdout) as { id: number }).id
  const artifact = await runOurs(
    ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'file.txt', '--json'],
    { cwd: directory },
  )
  ids.artifact = (JSON.parse(artifact.stdout) as { artifact_id: number }).artifact_id
  for (const name of ['a', 'b']) {
    await runOurs(['--config-file', config, 'collection', 'create', 'debian:suite', name], {
      stdin: 'components: [main]\narchitectures: [amd64]\n',
    })
  }
})

afterAll(() => {
  if (immutable !== undefined) execFileSync('chattr', ['-i', immutable])
})

describe('the same command line, the same outcome as the Python CLI', () => {
  it('reading: shows, lists and lookups, in every option order', { timeout: 600_000 }, async () => {
    const cases = readingCases(context())
    await expectSameOutcomes(cases)
  })

  it(
    'errors: not found, bad values, missing files, unwritable directories, permissions, config, preconditions',
    { timeout: 900_000 },
    async () => {
      const cases = errorCases(context())
      await expectSameOutcomes(cases)
    },
  )

  it('every option of every command, on paths that change nothing', { timeout: 1_200_000 }, async () => {
    await expectSameOutcomes(optionCases(context()))
  })

  it('kept difference lookup-workflow-sent: a lookup with --workflow reaches the workflow', async () => {
    const template = uniqueName('noop')
    const define = ['--config-file', config, 'workflow-template', 'create', 'noop', template, '--data', '-']
    expect((await runOurs(define, { stdin: 'static_parameters: {}\n' })).code).toBe(0)
    const started = await runOurs(['--config-file', config, 'workflow', 'start', template, '--json'], {
      stdin: '',
    })
    const workflow = JSON.parse(started.stdout) as { id: number }
    const id = String(workflow.id)
    const lookup = [
      '--config-file',
      config,
      'collection',
      'lookup-single',
      'internal@collections',
      '--expect-type',
      'collection',
      '--workflow',
      id,
      '--yaml',
    ]
    const [python, ours] = await Promise.all([runPython(lookup), runOurs(lookup)])
    expect(python.code).toBe(3)
    expect(python.stdout + python.stderr).toContain('only valid in the context of a workflow')
    expect(ours.code, ours.stderr).toBe(0)
    expect(ours.stdout).toContain(`workflow-${id}`)
  })

  it('writing: the same objects on the server, the same files on disk', async () => {
    const [pythonTarget, ourTarget] = [sharedDirectory('py'), sharedDirectory('ts')]
    const download = [
      '--config-file',
      config,
      'artifact',
      'download',
      String(ids.artifact),
      '--target-directory',
    ]
    const python = await runPython([...download, pythonTarget])
    const ours = await runOurs([...download, ourTarget])
    expect(python.code, python.stderr).toBe(ours.code)
    expect(filesOf(ourTarget)).toEqual(filesOf(pythonTarget))
    const created = await differential(
      ['--config-file', config, 'work-request', 'create', 'noop', '--yaml', '--data', '-'],
      {
        stdin: 'result: success\n',
        stdout: stable,
      },
    )
    expect(created.problems.join('\n')).toBe('')
    // A legacy name prints what the Python CLI of this server's generation prints: on 0.16.2
    // the work request, as the new name does (0.11.3's shape is checked in trixie.test.ts).
    const legacy = await differential(
      ['--config-file', config, 'create-work-request', 'noop', '--yaml', '--data', '-'],
      { stdin: 'result: success\n', stdout: stable },
    )
    expect(legacy.problems.join('\n')).toBe('')
    expect(legacy.ours.stdout).toMatch(/^task_name: noop$/m)
  })
})
