import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopYaml,
  realServer,
  requires,
  uniqueName,
} from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

let config: string
let workspace: string

beforeAll(async () => {
  workspace = await freshWorkspace('cli')
  config = writeConfig({ workspace })
})

const cli = (argv: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--config-file', config, ...argv], options)

/** Build hello_1.0-1.dsc and its files with dpkg-source. */
function buildSourcePackage(): string {
  const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-src-'))
  const tree = join(directory, 'hello-1.0')
  mkdirSync(join(tree, 'debian', 'source'), { recursive: true })
  writeFileSync(join(tree, 'hello.c'), 'int main(void) { return 0; }\n')
  writeFileSync(
    join(tree, 'debian', 'control'),
    'Source: hello\nMaintainer: Test <test@example.org>\n\nPackage: hello\nArchitecture: any\nDescription: test\n test\n',
  )
  writeFileSync(
    join(tree, 'debian', 'changelog'),
    'hello (1.0-1) unstable; urgency=medium\n\n  * Test.\n\n -- Test <test@example.org>  Mon, 01 Jan 2024 00:00:00 +0000\n',
  )
  writeFileSync(join(tree, 'debian', 'source', 'format'), '3.0 (quilt)\n')
  execFileSync('tar', ['czf', 'hello_1.0.orig.tar.gz', '--exclude=debian', 'hello-1.0'], { cwd: directory })
  execFileSync('dpkg-source', ['-b', 'hello-1.0'], { cwd: directory, stdio: 'ignore' })
  return directory
}

describe('the README scenario', () => {
  it('imports a source package, runs a work request to completion and downloads the artifact back', async () => {
    const source = buildSourcePackage()
    const imported = await cli(['artifact', 'import-debian', join(source, 'hello_1.0-1.dsc')])
    expect(imported.code, imported.stderr).toBe(0)
    const summary = parse(imported.stdout) as { result: string; artifact_id: number }
    expect(summary.result).toBe('success')

    const shown = await cli(['artifact', 'show', String(summary.artifact_id)])
    const artifact = parse(shown.stdout) as {
      category: string
      workspace: string
      files: Record<string, unknown>
    }
    expect(artifact.category).toBe('debian:source-package')
    expect(artifact.workspace).toBe(workspace)
    expect(Object.keys(artifact.files).sort()).toEqual([
      'hello_1.0-1.debian.tar.xz',
      'hello_1.0-1.dsc',
      'hello_1.0.orig.tar.gz',
    ])

    const created = await cli(['work-request', 'create', 'noop', '--wait', '--json'], {
      stdin: noopYaml('success'),
    })
    expect(created.code, created.stderr).toBe(0)
    const final = JSON.parse(created.stdout) as { status: string; result: string; workspace: string }
    expect(final).toMatchObject({ status: 'completed', result: 'success', workspace })
    expect(created.stderr).toMatch(/Work request started: http/)

    const target = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-out-'))
    const downloaded = await cli([
      'artifact',
      'download',
      String(summary.artifact_id),
      '--target-directory',
      target,
    ])
    expect(downloaded.code, downloaded.stderr).toBe(0)
    expect(downloaded.stdout).toBe('')
    expect(readFileSync(join(target, 'hello_1.0-1.dsc'))).toEqual(
      readFileSync(join(source, 'hello_1.0-1.dsc')),
    )
    expect(readFileSync(join(target, 'hello_1.0.orig.tar.gz'))).toEqual(
      readFileSync(join(source, 'hello_1.0.orig.tar.gz')),
    )
  })
})

/**
 * Ids of `work-request list`, newest first, read deep enough to reach `id`: a 0.11.3 server
 * lists the whole scope, where the other test files create work requests meanwhile.
 */
async function listedIdsReaching(id: number): Promise<number[]> {
  for (let limit = 50; ; limit *= 4) {
    const listed = await cli(['work-request', 'list', '--limit', String(limit), '--json'])
    expect(listed.code, listed.stderr).toBe(0)
    const ids = (JSON.parse(listed.stdout) as { id: number }[]).map((item) => item.id)
    if (ids.length < limit || ids.some((listedId) => listedId <= id)) return ids
  }
}

describe('work-request', () => {
  it('create --wait exits with the code of a failed result (10)', async () => {
    const run = await cli(['work-request', 'create', 'noop', '--wait', '--yaml'], {
      stdin: noopYaml('failure'),
    })
    expect(run.code).toBe(10)
    expect(parse(run.stdout.replace(/^---\n/, ''))).toMatchObject({ status: 'completed', result: 'failure' })
  })

  it('create prints the Python shape, show and list find it, watch follows it', async () => {
    const created = await cli(['work-request', 'create', 'noop', '--yaml'], { stdin: noopYaml('success') })
    expect(created.code, created.stderr).toBe(0)
    // YAML read from stdin and YAML printed: a document start line first, as Python.
    expect(created.stdout.startsWith('---\n')).toBe(true)
    const request = parse(created.stdout.slice(4)) as Record<string, unknown>
    expect(Object.keys(request).slice(0, 3)).toEqual(['links', 'id', 'url'])
    expect(request.token).toBeNull()
    const id = String(request.id)

    const watched = await cli(['work-request', 'watch', id, '--json'])
    expect(watched.code, watched.stderr).toBe(0)
    expect(JSON.parse(watched.stdout)).toMatchObject({
      id: request.id,
      status: 'completed',
      result: 'success',
    })

    const shown = await cli(['work-request', 'show', id])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(new RegExp(`^ID:\\s+${id}$`, 'm'))
    expect(shown.stdout).toMatch(/completed \[success\]/)

    expect(await listedIdsReaching(request.id as number)).toContain(request.id)

    // Legacy name, hidden but accepted, with a deprecation warning.
    const legacy = await cli(['show-work-request', id, '--json'])
    expect(legacy.code).toBe(0)
  })

  requires('workRequests.abort').it('manage, abort and retry', async () => {
    // A task no worker of the test server runs, so it stays pending until aborted (aborting a
    // request the real worker is running would make that worker shut down).
    const created = await cli(['work-request', 'create', 'mmdebstrap', '--json'], {
      stdin:
        'bootstrap_options: {architecture: amd64}\n' +
        'bootstrap_repositories: [{mirror: "http://mirror.example/debian", suite: bookworm}]\n',
    })
    expect(created.code, created.stderr).toBe(0)
    const id = String((JSON.parse(created.stdout) as { id: number }).id)
    const nothing = await cli(['work-request', 'manage', id])
    expect(nothing.code).toBe(3)
    expect(nothing.stderr).toMatch(/no changes specified/)
    const manage = await cli(['work-request', 'manage', id, '--set-priority-adjustment', '-1'])
    expect(manage.code, manage.stderr).toBe(0)
    expect(manage.stdout).toBe('')
    const shown = await cli(['work-request', 'show', id, '--json'])
    expect((JSON.parse(shown.stdout) as { priority_adjustment: number }).priority_adjustment).toBe(-1)
    const aborted = await cli(['work-request', 'abort', id])
    expect(aborted.code, aborted.stderr).toBe(0)
    const after = JSON.parse((await cli(['work-request', 'show', id, '--json'])).stdout) as { status: string }
    expect(after.status).toBe('aborted')
    // An aborted worker task is retried as a new work request that supersedes it.
    const retry = await cli(['work-request', 'retry', id, '--json'])
    expect(retry.code, retry.stderr).toBe(0)
    const retried = JSON.parse(retry.stdout) as { id: number; status: string }
    expect(retried.id).not.toBe(Number(id))
    expect(await cli(['work-request', 'abort', String(retried.id)])).toMatchObject({ code: 0 })
  })

  it('not found exits 3 with the server problem; --yaml puts it on stdout', async () => {
    const run = await cli(['work-request', 'show', '999999999'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/Error \(404\)/)
    const yaml = await cli(['work-request', 'show', '999999999', '--yaml'])
    expect(yaml.code).toBe(3)
    expect(parse(yaml.stdout)).toMatchObject({ result: 'failure', error: { status_code: 404 } })
  })

  it('a server validation error exits 3 and names the field', async () => {
    const run = await cli(['work-request', 'create', 'no-such-task'], { stdin: '{}' })
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/Error \(400\)/)
  })

  it('bad arguments exit 2', async () => {
    expect((await cli(['work-request', 'show'])).code).toBe(2)
    expect((await cli(['work-request', 'show', 'abc'])).code).toBe(2)
    expect((await cli(['work-request', 'show', '1', '--no-such-option'])).code).toBe(2)
    expect((await cli(['work-request', 'frobnicate'])).code).toBe(2)
    expect((await cli(['work-request', 'show', '1', '--yaml', '--json'])).code).toBe(2)
  })

  it('an unreadable --data file exits 2, a non-mapping exits 3', async () => {
    expect((await cli(['work-request', 'create', 'noop', '--data', '/nonexistent.yaml'])).code).toBe(2)
    expect((await cli(['work-request', 'create', 'noop'], { stdin: '- a\n- b\n' })).code).toBe(3)
  })
})

describe('authentication and connection', () => {
  it('a disabled token is refused (exit 3) and the token is never printed', async () => {
    const { disabledToken } = realServer()
    const disabled = writeConfig({ token: disabledToken, workspace })
    const run = await runCli(
      ['--config-file', disabled, 'work-request', 'create', 'noop', '--debug', 'all'],
      {
        stdin: noopYaml('success'),
      },
    )
    expect(run.code).toBe(3)
    expect(run.stdout + run.stderr).not.toContain(disabledToken)
  })

  it('no token in the config exits 3', async () => {
    const server = realServer()
    const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-'))
    const path = join(directory, 'config.ini')
    writeFileSync(
      path,
      `[General]\ndefault-server = x\n[server:x]\napi-url = ${server.apiUrl}\nscope = ${server.scope}\n`,
      { mode: 0o600 },
    )
    const run = await runCli(['--config-file', path, 'work-request', 'list'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/Missing required keys in the section \[server:x\]: token/)
  })

  it('a server that does not answer exits 3 with a connection error', async () => {
    const dead = writeConfig({ apiUrl: 'http://127.0.0.1:9/api', extra: 'http-timeout = 2' })
    const run = await runCli(['--config-file', dead, 'work-request', 'show', '1'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/Error connecting to debusine/)
  })
})

describe('workflow-template and workflow', () => {
  requires('workflowTemplates.list').it('create, show, list, manage, start --wait, delete', async () => {
    const name = uniqueName('tpl')
    const created = await cli(['workflow-template', 'create', 'noop', name, '--yaml'], {
      stdin: 'static_parameters: {}\nruntime_parameters: any\n',
    })
    expect(created.code, created.stderr).toBe(0)
    const shown = await cli(['workflow-template', 'show', name, '--json'])
    expect(JSON.parse(shown.stdout)).toMatchObject({ name, task_name: 'noop', runtime_parameters: 'any' })
    const listed = await cli(['workflow-template', 'list'])
    expect(listed.stdout).toContain(name)
    const managed = await cli(['workflow-template', 'manage', name, '--priority', '-2', '--json'])
    expect(managed.code, managed.stderr).toBe(0)
    expect(JSON.parse(managed.stdout)).toMatchObject({ priority: -2 })
    const unknown = await cli(['workflow-template', 'manage', name, '--data', '-'], { stdin: 'bogus: 1\n' })
    expect(unknown.code).toBe(3)

    const started = await cli(['workflow', 'start', name, '--wait', '--json'], { stdin: '' })
    expect(started.code, started.stderr).toBe(0)
    expect(JSON.parse(started.stdout)).toMatchObject({ task_type: 'Workflow', status: 'completed' })
    const workflows = await cli(['workflow', 'list', '--json', '--limit', '5'])
    expect(workflows.code).toBe(0)

    const deleted = await cli(['workflow-template', 'delete', name])
    expect(deleted.code).toBe(0)
    expect(deleted.stderr).toMatch(/Workflow template deleted/)
    expect((await cli(['workflow-template', 'show', name])).code).toBe(3)
  })
})

describe('collection', () => {
  requires('collections.create').it('create, list, show, manage, delete', async () => {
    const name = uniqueName('c')
    const created = await cli(['collection', 'create', 'debusine:test', name, '--json'], { stdin: '{}' })
    expect(created.code, created.stderr).toBe(0)
    const listed = await cli(['collection', 'list'])
    expect(listed.stdout).toContain(name)
    const shown = await cli(['collection', 'show', `${name}@debusine:test`, '--yaml'])
    expect(parse(shown.stdout)).toMatchObject({ name, category: 'debusine:test' })
    const twice = await cli(['collection', 'show', `${name}@debusine:test`, name])
    expect(twice.code).toBe(2)
    const managed = await cli([
      'collection',
      'manage',
      'debusine:test',
      name,
      '--full-history-retention-period',
      '7',
      '--json',
    ])
    expect(managed.code, managed.stderr).toBe(0)
    expect(JSON.parse(managed.stdout)).toMatchObject({ full_history_retention_period: 7 })
    const deleted = await cli(['collection', 'delete', 'debusine:test', name])
    expect(deleted.code, deleted.stderr).toBe(0)
    expect((await cli(['collection', 'show', 'debusine:test', name])).code).toBe(3)
  })
})

describe('workspace inheritance', () => {
  requires('workspaces.inheritance').it('prints the chain as YAML and appends and removes', async () => {
    const shown = await cli(['workspace', 'inheritance'])
    expect(shown.code, shown.stderr).toBe(0)
    expect(parse(shown.stdout)).toHaveProperty('chain')
    const appended = await cli(['workspace', 'inheritance', '--append', 'System'])
    expect(appended.code, appended.stderr).toBe(0)
    const chain = (parse(appended.stdout) as { chain: { workspace: string }[] }).chain
    expect(chain.map((element) => element.workspace)).toContain('System')
    const removed = await cli(['workspace', 'inheritance', '--remove', 'System', '--json'])
    expect(removed.code, removed.stderr).toBe(0)
    expect((JSON.parse(removed.stdout) as { chain: unknown[] }).chain).toEqual([])
  })
})

describe('asset and artifact relations', () => {
  it('asset list needs a filter (exit 3) and lists the workspace', async () => {
    expect((await cli(['asset', 'list'])).code).toBe(3)
    const run = await cli(['asset', 'list', '--workspace', workspace])
    expect(run.code, run.stderr).toBe(0)
    expect(parse(run.stdout)).toEqual([])
  })

  it('artifact create with files, show-relations, and a bad category', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-art-'))
    writeFileSync(join(directory, 'a.txt'), `${uniqueName('content')}\n`)
    const created = await cli(['artifact', 'create', 'debusine:test', '--upload', 'a.txt'], {
      cwd: directory,
    })
    expect(created.code, created.stderr).toBe(0)
    const summary = parse(created.stdout) as { artifact_id: number; files_to_upload: number; message: string }
    expect(summary.files_to_upload).toBe(1)
    expect(summary.message).toMatch(/^New artifact created: http/)
    const shown = await cli(['artifact', 'show', String(summary.artifact_id), '--json'])
    expect(JSON.parse(shown.stdout)).toMatchObject({ files_to_upload: [] })
    const relations = await cli(['artifact', 'show-relations', String(summary.artifact_id)])
    expect(parse(relations.stdout)).toEqual([])
    const bad = await cli(['artifact', 'create', 'no:such-category'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/argument CATEGORY: invalid choice: 'no:such-category'/)
  })
})

describe('work-request on-completed', () => {
  it('runs the command for each completion, with CMD ARG --workspace W (options after the command, as argparse), until interrupted', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-hook-'))
    const log = join(directory, 'log')
    const script = join(directory, 'hook.sh')
    writeFileSync(script, `#!/bin/sh\necho "$@" >> ${log}\n`, { mode: 0o755 })
    // A completion that happens before the channel is connected is asked for on connecting,
    // from the state file: no wait for the connection, nothing missed.
    const state = join(directory, 'last-completed-at.json')
    const since = new Date().toISOString().replace('Z', '+00:00')
    writeFileSync(state, `${JSON.stringify({ last_completed_at: since }, null, 2)}\n`)
    const controller = new AbortController()
    const listening = cli(
      [
        'work-request',
        'on-completed',
        script,
        'extra',
        '--workspace',
        workspace,
        '--last-completed-at',
        state,
      ],
      { signal: controller.signal, cwd: directory },
    )
    const created = await cli(['work-request', 'create', 'noop', '--wait', '--json'], {
      stdin: noopYaml('success'),
    })
    const id = (JSON.parse(created.stdout) as { id: number }).id
    const deadline = Date.now() + 60_000
    let text = ''
    while (Date.now() < deadline) {
      text = (() => {
        try {
          return readFileSync(log, 'utf8')
        } catch {
          return ''
        }
      })()
      if (text.includes(`extra ${id} success`)) break
      // Let the in-process listener run: a busy loop would starve it.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    controller.abort()
    const run = await listening
    expect(text).toContain(`extra ${id} success`)
    expect(run.code, run.stderr).toBe(0)
  })

  it('a command that is not executable exits 3', async () => {
    const run = await cli(['work-request', 'on-completed', '/nonexistent/command'])
    expect(run.code).toBe(3)
  })
})
