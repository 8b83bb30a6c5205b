import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, uniqueName } from '../../../../tooling/vitest/real-server.js'
import {
  differential,
  filesOf,
  runOurs,
  runPython,
  sharedConfig,
  sharedDirectory,
  type Comparison,
  type RunSettings,
} from './harness.js'

// The same command lines through the Python CLI 0.16.2 and debusine-ts, against the same
// server with the same config file: exit code, stdout (YAML, parsed), the first line of
// stderr, files written and the server's state must match, but for the allowlist.

let config: string
let noroleConfig: string
let workspace: string
let directory: string
const ids = { workRequest: 0, artifact: 0 }

/** Fields that differ between two objects created the same way (ids, times, URLs with ids). */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (typeof value !== 'object' || value === null) return value
  const volatile = [
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
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !volatile.includes(key))
      .map(([key, field]) => [key, stable(field)]),
  )
}

interface Case extends RunSettings, Comparison {
  readonly name: string
  readonly argv: readonly string[]
  readonly config?: 'default' | 'norole' | 'none'
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

/** Run cases two CLI processes at a time (the server has 2 workers on 2 cores). */
async function runCases(cases: readonly Case[]): Promise<string[]> {
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
  return report
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
  mkdirSync(join(directory, 'empty'))
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

describe('the same command line, the same outcome as the Python CLI', () => {
  it('reading: shows, lists and lookups, in every option order', { timeout: 600_000 }, async () => {
    const wr = String(ids.workRequest)
    const artifact = String(ids.artifact)
    const cases: Case[] = [
      { name: 'work-request show', argv: ['work-request', 'show', '--yaml', wr] },
      { name: 'work-request show, option last', argv: ['work-request', 'show', wr, '--yaml'] },
      { name: 'legacy show-work-request', argv: ['show-work-request', wr, '--yaml'] },
      { name: 'artifact show', argv: ['artifact', 'show', artifact] },
      { name: 'artifact show-relations', argv: ['artifact', 'show-relations', artifact] },
      {
        name: 'artifact show-relations --reverse',
        argv: ['artifact', 'show-relations', '--reverse', artifact],
      },
      { name: 'collection list', argv: ['collection', 'list', '--yaml'] },
      { name: 'collection show', argv: ['collection', 'show', 'debian:suite', 'a', '--yaml'] },
      { name: 'collection show NAME@CATEGORY', argv: ['collection', 'show', '--yaml', 'a@debian:suite'] },
      { name: 'workspace inheritance', argv: ['workspace', 'inheritance'] },
      { name: 'workspace inheritance -w', argv: ['workspace', 'inheritance', '-w', workspace] },
      { name: 'workflow-template list', argv: ['workflow-template', 'list', '--yaml'] },
      {
        name: 'lookup-single',
        argv: ['collection', 'lookup-single', 'a@debian:suite', '--expect-type', 'collection', '--yaml'],
      },
      {
        name: 'lookup-multiple',
        argv: ['collection', 'lookup-multiple', '--yaml', 'a@debian:suite', 'b@debian:suite'],
      },
      { name: 'relation list', argv: ['collection', 'relation', 'list', '--yaml'] },
      { name: 'asset list -w', argv: ['asset', 'list', '--workspace', workspace] },
      { name: 'archive package list', argv: ['archive', 'package', 'list', '--suite', 'a', '--yaml'] },
    ]
    expect((await runCases(cases)).join('\n')).toBe('')
  })

  it(
    'errors: not found, bad values, missing files, unwritable directories, permissions, config, preconditions',
    { timeout: 900_000 },
    async () => {
      const cases: Case[] = [
        { name: 'unknown work request', argv: ['work-request', 'show', '999999999'] },
        { name: 'unknown artifact', argv: ['artifact', 'show', '999999999'] },
        { name: 'unknown collection', argv: ['collection', 'show', 'debian:suite', 'nonexistent'] },
        { name: 'delete unknown collection', argv: ['collection', 'delete', 'nonexistent@debian:suite'] },
        { name: 'unknown template', argv: ['workflow-template', 'show', 'nonexistent'] },
        {
          name: 'unknown workspace',
          argv: ['workspace', 'inheritance', '--workspace', 'nonexistent'],
          stdout: 'ignore',
        },
        {
          name: 'lookup without match',
          argv: ['collection', 'lookup-single', 'nonexistent@debian:suite'],
          stdout: 'ignore',
        },
        { name: 'bad id', argv: ['work-request', 'show', 'x'], phrase: /invalid int value: 'x'/ },
        {
          name: 'bad artifact category',
          argv: ['artifact', 'create', 'no:such'],
          phrase: /invalid choice: 'no:such'/,
        },
        {
          name: 'bad relation type',
          argv: ['collection', 'relation', 'edit', 'a@debian:suite', 'bogus'],
          phrase: /invalid choice: 'bogus'/,
        },
        {
          name: 'bad expect type',
          argv: ['collection', 'lookup-single', '--expect-type', 'bogus', 'x'],
          phrase: /invalid/,
        },
        { name: 'bad asset category', argv: ['asset', 'create', 'bogus'], phrase: /invalid/ },
        {
          name: 'bad date',
          argv: ['artifact', 'create', 'debusine:test', '--expire-at', 'bogus'],
          phrase: /invalid isoparse value/,
        },
        {
          name: 'missing --data file',
          argv: ['work-request', 'create', 'noop', '--data', join(directory, 'nonexistent')],
          phrase: /can't open/,
        },
        {
          name: 'empty --data file',
          argv: ['work-request', 'create', 'noop', '--data', join(directory, 'empty.yaml')],
          phrase: /data must be a dictionary. It is empty/,
        },
        {
          name: 'list --data file',
          argv: ['work-request', 'create', 'noop', '--data', join(directory, 'list.yaml')],
          phrase: /data must be a dictionary. It is: list/,
        },
        {
          name: 'template with an unknown key',
          argv: [
            'workflow-template',
            'create',
            'noop',
            uniqueName('t'),
            '--data',
            join(directory, 'template.yaml'),
          ],
          phrase: /Expecting only 4 keys/,
        },
        {
          name: 'missing directory',
          argv: [
            'artifact',
            'download',
            String(ids.artifact),
            '--target-directory',
            join(directory, 'nonexistent'),
          ],
          phrase: /Cannot write to/,
        },
        {
          name: 'unsupported import',
          argv: ['artifact', 'import-debian', join(directory, 'file.txt')],
          phrase: /is not supported/,
          stdout: 'ignore',
        },
        {
          name: 'nothing to change',
          argv: ['work-request', 'manage', String(ids.workRequest)],
          phrase: /no changes specified/,
        },
        {
          name: 'non-executable command',
          argv: ['work-request', 'on-completed', join(directory, 'not-executable')],
          phrase: /does not exist or is not executable/,
        },
        {
          name: 'not a checkout',
          argv: ['task-config', 'push', '--workdir', join(directory, 'empty')],
          phrase: /is not a repository/,
        },
        { name: 'asset list without a filter', argv: ['asset', 'list'], phrase: /At least one of/ },
        {
          name: 'permission denied',
          argv: ['work-request', 'create', 'noop', '--data', join(directory, 'ok.yaml')],
          config: 'norole',
          phrase: /norole cannot create work requests/,
        },
        {
          name: 'permission denied (collection)',
          argv: ['collection', 'create', 'debian:suite', 'x', '--data', join(directory, 'ok.yaml')],
          config: 'norole',
          phrase: /norole cannot create collections/,
        },
        {
          name: 'missing config file',
          argv: ['--config-file', join(directory, 'nonexistent.ini'), 'collection', 'list'],
          config: 'none',
          phrase: /Cannot read/,
        },
        {
          name: 'unknown server',
          argv: ['--server', 'nosuch', 'collection', 'list'],
          phrase: /No Debusine client configuration for 'nosuch'/,
        },
      ]
      expect((await runCases(cases)).join('\n')).toBe('')
    },
  )

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
  })
})
