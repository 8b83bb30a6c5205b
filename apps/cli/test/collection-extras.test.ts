import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, noopYaml, requires, serverLacks } from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

let config: string
let workspace: string

const cli = (argv: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--config-file', config, ...argv], options)

const suiteData = 'components: [main]\narchitectures: [amd64]\n'

beforeAll(async () => {
  workspace = await freshWorkspace('cli-extras')
  config = writeConfig({ workspace })
  // Collections to look up and relate, which 0.11 has no API for.
  if (serverLacks('collections.create')) return
  for (const name of ['a', 'b', 'c']) {
    const created = await cli(['collection', 'create', 'debian:suite', name, '--json'], { stdin: suiteData })
    expect(created.code, created.stderr).toBe(0)
  }
})

requires('collections.create').describe('collection lookup-single and lookup-multiple', () => {
  it('finds a collection: table, --yaml (the set fields), --json', async () => {
    const table = await cli(['collection', 'lookup-single', 'a@debian:suite'])
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^Type\s+Artifact\s+Collection/)
    expect(table.stdout).toContain('COLLECTION')
    const yaml = await cli([
      'collection',
      'lookup-single',
      '--yaml',
      '--expect-type',
      'collection',
      'a@debian:suite',
    ])
    const document = parse(yaml.stdout) as Record<string, unknown>
    expect(Object.keys(document)).toEqual(['links', 'result_type', 'collection', 'collection_info'])
    expect(document.collection_info).toEqual({ name: 'a', category: 'debian:suite' })
    const json = await cli(['collection', 'lookup-single', '--json', 'b@debian:suite'])
    expect(JSON.parse(json.stdout)).toMatchObject({
      result_type: 'collection',
      collection_info: { name: 'b' },
    })
  })

  it('no match and the wrong type: exit 3 with the server problem', async () => {
    const missing = await cli(['collection', 'lookup-single', 'nonexistent@debian:suite'])
    expect(missing.code).toBe(3)
    expect(missing.stderr).toMatch(/No matches/)
    const wrongType = await cli([
      'collection',
      'lookup-single',
      '--expect-type',
      'artifact',
      'a@debian:suite',
    ])
    expect(wrongType.code).toBe(3)
    const badChoice = await cli(['collection', 'lookup-single', '--expect-type', 'nope', 'a@debian:suite'])
    expect(badChoice.code).toBe(2)
  })

  it('several lookups from the arguments or from {lookups: [...]} on stdin; no list is exit 2', async () => {
    const fromArguments = await cli([
      'collection',
      'lookup-multiple',
      '--json',
      'a@debian:suite',
      'c@debian:suite',
    ])
    expect(fromArguments.code, fromArguments.stderr).toBe(0)
    const results = JSON.parse(fromArguments.stdout) as { collection_info: { name: string } }[]
    expect(results.map((result) => result.collection_info.name)).toEqual(['a', 'c'])
    const fromStdin = await cli(['collection', 'lookup-multiple', '--yaml'], {
      stdin: 'lookups: [b@debian:suite]\n',
    })
    expect(fromStdin.code, fromStdin.stderr).toBe(0)
    // YAML read from stdin and YAML printed: a `---` line first, as the Python client.
    expect(fromStdin.stdout.startsWith('---\n')).toBe(true)
    expect((parse(fromStdin.stdout.slice(4)) as { collection: number }[]).length).toBe(1)
    const noList = await cli(['collection', 'lookup-multiple'], { stdin: 'other: 1\n' })
    expect(noList.code).toBe(2)
  })
})

requires('collections.create').describe('collection relation list and edit', () => {
  it('appends, lists, removes; unchanged targets are not sent', async () => {
    const appended = await cli([
      'collection',
      'relation',
      'edit',
      'a@debian:suite',
      'suite-requires',
      '--append',
      'b@debian:suite',
      'c@debian:suite',
    ])
    expect(appended.code, appended.stderr).toBe(0)
    expect(parse(appended.stdout)).toEqual({
      targets: [
        { name: 'b', category: 'debian:suite' },
        { name: 'c', category: 'debian:suite' },
      ],
    })
    const listed = await cli(['collection', 'relation', 'list', '--yaml', '--from', 'a@debian:suite'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(
      (parse(listed.stdout) as { target_collection: { name: string }; position: number }[]).map(
        (relation) => [relation.target_collection.name, relation.position],
      ),
    ).toEqual([
      ['b', 1],
      ['c', 2],
    ])
    const table = await cli(['collection', 'relation', 'list'])
    expect(table.stdout).toMatch(/a@debian:suite\s+b@debian:suite\s+suite-requires\s+1/)
    const prepended = await cli([
      'collection',
      'relation',
      'edit',
      'a@debian:suite',
      'suite-requires',
      '--remove',
      'b@debian:suite',
      '--prepend',
      'b@debian:suite',
    ])
    // --prepend of a present target changes nothing, then --remove takes it out.
    expect(parse(prepended.stdout)).toEqual({ targets: [{ name: 'c', category: 'debian:suite' }] })
    // No change: nothing sent, nothing printed (as the Python client); --json still gives the targets.
    const unchanged = await cli(['collection', 'relation', 'edit', 'a@debian:suite', 'suite-requires'])
    expect(unchanged).toMatchObject({ code: 0, stdout: '' })
    const json = await cli(['collection', 'relation', 'edit', 'a@debian:suite', 'suite-requires', '--json'])
    expect(JSON.parse(json.stdout)).toEqual({ targets: [{ name: 'c', category: 'debian:suite' }] })
  })

  it('refuses a bad identifier (2), an unknown collection (3), --edit with other changes (2) or without a terminal (3)', async () => {
    const bad = await cli([
      'collection',
      'relation',
      'edit',
      'a@debian:suite',
      'suite-requires',
      '--append',
      'x@bogus',
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/Invalid collection identifier: 'x@bogus'/)
    const unknown = await cli([
      'collection',
      'relation',
      'edit',
      'zz@debian:suite',
      'suite-requires',
      '--set',
    ])
    expect(unknown.code).toBe(2)
    const missingSource = await cli([
      'collection',
      'relation',
      'edit',
      'zz@debian:suite',
      'suite-requires',
      '--set',
      'a@debian:suite',
    ])
    expect(missingSource.code).toBe(3)
    const mixed = await cli([
      'collection',
      'relation',
      'edit',
      'a@debian:suite',
      'suite-requires',
      '--edit',
      '--set',
      'b@debian:suite',
    ])
    expect(mixed.code).toBe(2)
    const noTerminal = await cli([
      'collection',
      'relation',
      'edit',
      'a@debian:suite',
      'suite-requires',
      '--edit',
    ])
    expect(noTerminal.code).toBe(3)
    expect(noTerminal.stderr).toMatch(/needs a terminal/)
  })
})

requires('taskConfigurations').describe('task-config pull and push', () => {
  it('pulls an empty collection, pushes a new entry (dry run first), pulls it into a new checkout', async () => {
    const created = await cli(['collection', 'create', 'debusine:task-configuration', 'default', '--json'], {
      stdin: '{}\n',
    })
    expect(created.code, created.stderr).toBe(0)
    const checkout = mkdtempSync(join(tmpdir(), 'debusine-ts-task-config-'))
    const pulled = await cli(['task-config', 'pull', '--workdir', checkout])
    expect(pulled.code, pulled.stderr).toBe(0)
    expect(pulled.stderr).toContain('0 added, 0 updated, 0 deleted, 0 unchanged')
    mkdirSync(join(checkout, 'noop'))
    writeFileSync(
      join(checkout, 'noop', 'success.yaml'),
      'task_type: Worker\ntask_name: noop\ndefault_values:\n  result: success\n',
    )
    const dryRun = await cli(['task-config', 'push', '--workdir', checkout, '-n'])
    expect(dryRun.code, dryRun.stderr).toBe(0)
    expect(dryRun.stderr).toContain('Pushing data to server (dry run)...')
    expect(dryRun.stderr).toContain('1 added, 0 updated, 0 removed, 0 unchanged')
    const pushed = await cli(['task-config', 'push', '--workdir', checkout, '--json'])
    expect(pushed.code, pushed.stderr).toBe(0)
    expect(JSON.parse(pushed.stdout)).toMatchObject({ added: 1, removed: 0, dryRun: false })
    const again = mkdtempSync(join(tmpdir(), 'debusine-ts-task-config-'))
    const second = await cli(['task-config', 'pull', 'default', '--workdir', again, '--json'])
    expect(second.code, second.stderr).toBe(0)
    expect(JSON.parse(second.stdout)).toMatchObject({ workspace, collection: 'default', added: 1 })
  })

  it('refuses to push a directory that is not a checkout, and to pull a missing collection (3)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'debusine-ts-task-config-'))
    const push = await cli(['task-config', 'push', '--workdir', empty])
    expect(push.code).toBe(3)
    expect(push.stderr).toMatch(/^Error: .* is not a repository\n/)
    const pull = await cli(['task-config', 'pull', 'nonexistent', '--workdir', empty])
    expect(pull.code).toBe(3)
  })
})

describe('workflow-template edit and work-request sign', () => {
  requires('workflowTemplates.getByName').it(
    'workflow-template edit needs a terminal (3); an unknown template is 3 too',
    async () => {
      const created = await cli(['workflow-template', 'create', 'noop', 'editable', '--json'], {
        stdin: 'static_parameters: {}\n',
      })
      expect(created.code, created.stderr).toBe(0)
      const edit = await cli(['workflow-template', 'edit', 'editable'])
      expect(edit.code).toBe(3)
      expect(edit.stderr).toMatch(/needs a terminal/)
      expect((await cli(['workflow-template', 'edit', 'nonexistent'])).code).toBe(3)
    },
  )

  it('work-request sign refuses a work request that is not Wait/externaldebsign (3), and an unknown one (3)', async () => {
    const created = await cli(['work-request', 'create', 'noop', '--json'], { stdin: noopYaml('success') })
    const id = (JSON.parse(created.stdout) as { id: number }).id
    const refused = await cli(['work-request', 'sign', String(id)])
    expect(refused.code).toBe(3)
    expect(refused.stderr).toMatch(/Worker\/noop work request: only Wait\/externaldebsign/)
    const legacy = await cli(['provide-signature', String(id), '--', '-k', 'KEY'])
    expect(legacy.code).toBe(3)
    expect((await cli(['work-request', 'sign', '999999999'])).code).toBe(3)
  })
})

requires('collections.create').describe('archive', () => {
  it('suite create, package list (empty), package show and remove of a missing package', async () => {
    const created = await cli([
      'archive',
      'suite',
      'create',
      'trixie',
      '--architecture',
      'amd64',
      '--architecture',
      'arm64',
    ])
    expect(created.code, created.stderr).toBe(0)
    const document = parse(created.stdout) as Record<string, unknown>
    expect(Object.keys(document)).toEqual(['result', 'suite'])
    expect(document.result).toBe('success')
    expect(document.suite).toMatch(new RegExp(`/${workspace}/collection/debian:suite/trixie/$`))
    const shown = await cli(['collection', 'show', 'debian:suite', 'trixie', '--json'])
    expect(JSON.parse(shown.stdout)).toMatchObject({
      data: { components: ['main'], architectures: ['amd64', 'arm64'] },
    })
    const list = await cli(['archive', 'package', 'list', '--suite', 'trixie', '--yaml'])
    expect(list.code, list.stderr).toBe(0)
    expect(parse(list.stdout)).toEqual([])
    expect((await cli(['archive', 'package', 'show', '--suite', 'trixie', 'hello_1.0-1'])).code).toBe(3)
    const remove = await cli(['archive', 'package', 'remove', '--suite', 'trixie', 'hello', '--dry-run'])
    expect(remove.code).toBe(3)
    expect(remove.stderr).toMatch(/no source package hello in trixie/)
  })

  it('usage errors: no --suite, no --architecture (2); an existing suite (3)', async () => {
    expect((await cli(['archive', 'package', 'list'])).code).toBe(2)
    expect((await cli(['archive', 'suite', 'create', 'x'])).code).toBe(2)
    expect((await cli(['archive', 'suite', 'create', 'a', '--architecture', 'amd64'])).code).toBe(3)
  })
})
