import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, pythonClient, realServer, uniqueName } from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

// The Python client's config points at the same server as testuser, default workspace
// System: ours gets the same settings, so both see the same objects.
let config: string
let workRequestId: number
let artifactId: number
let template: string
let workspace: string

const ours = (argv: string[], stdin?: string) => runCli(['--config-file', config, ...argv], { stdin })

/** The YAML of a run, parsed; its key order kept (compared through JSON.stringify). */
function document(text: string): string {
  return JSON.stringify(parse(text.replace(/^---\n/, '')))
}

async function same(argv: string[]): Promise<void> {
  const python = await pythonClient(argv)
  expect(python.status, python.stderr).toBe(0)
  const mine = await ours(argv)
  expect(mine.code, mine.stderr).toBe(0)
  expect(document(mine.stdout)).toBe(document(python.stdout))
}

beforeAll(async () => {
  config = writeConfig({ workspace: realServer().workspace })
  const created = await ours(['work-request', 'create', 'noop', '--wait', '--json'], 'result: success\n')
  workRequestId = (JSON.parse(created.stdout) as { id: number }).id
  // Python can read files under /tmp only.
  const directory = mkdtempSync('/tmp/debusine-ts-parity-')
  writeFileSync(join(directory, 'file.txt'), `${uniqueName('parity')}\n`)
  const artifact = await runCli(
    ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'file.txt', '--json'],
    {
      cwd: directory,
    },
  )
  artifactId = (JSON.parse(artifact.stdout) as { artifact_id: number }).artifact_id
  template = uniqueName('parity')
  await ours(['workflow-template', 'create', 'noop', template], 'static_parameters: {}\n')
  // Suites and a relation in a workspace of their own, for lookups, relations and archive.
  workspace = await freshWorkspace('parity')
  for (const name of ['a', 'b']) {
    const created = await ours(
      ['collection', 'create', '-w', workspace, 'debian:suite', name],
      'components: [main]\narchitectures: [amd64]\n',
    )
    expect(created.code, created.stderr).toBe(0)
  }
  const related = await ours([
    'collection',
    'relation',
    'edit',
    '-w',
    workspace,
    'a@debian:suite',
    'suite-requires',
    '--append',
    'b@debian:suite',
  ])
  expect(related.code, related.stderr).toBe(0)
})

describe('YAML output matches the Python client (same fields, same order, same values)', () => {
  it('work-request show --yaml (the produced artifacts expanded)', async () => {
    await same(['work-request', 'show', '--yaml', String(workRequestId)])
  })

  it('artifact show', async () => {
    await same(['artifact', 'show', String(artifactId)])
  })

  it('artifact show-relations', async () => {
    await same(['artifact', 'show-relations', String(artifactId)])
  })

  it('workflow-template show --yaml', async () => {
    await same(['workflow-template', 'show', '--yaml', template])
  })

  it('workspace inheritance', async () => {
    await same(['workspace', 'inheritance'])
  })

  it('collection list --yaml', async () => {
    await same(['collection', 'list', '--yaml'])
  })

  it('collection lookup-single --yaml (an artifact, a collection)', async () => {
    await same(['collection', 'lookup-single', '--yaml', `${artifactId}@artifacts`])
    await same([
      'collection',
      'lookup-single',
      '--yaml',
      '-w',
      workspace,
      '--expect-type',
      'collection',
      'a@debian:suite',
    ])
  })

  it('collection lookup-multiple --yaml', async () => {
    await same([
      'collection',
      'lookup-multiple',
      '--yaml',
      '-w',
      workspace,
      'a@debian:suite',
      `${artifactId}@artifacts`,
    ])
  })

  it('collection relation list --yaml, and relation edit (no change)', async () => {
    await same(['collection', 'relation', 'list', '--yaml', '-w', workspace])
    await same(['collection', 'relation', 'edit', '-w', workspace, 'a@debian:suite', 'suite-requires'])
  })

  it('archive package list --yaml', async () => {
    await same(['archive', 'package', 'list', '--yaml', '-w', workspace, '--suite', 'a'])
  })

  it('archive token list --yaml (a grant to an external username on a suite)', async () => {
    const granted = await ours([
      'archive',
      'token',
      'grant',
      '-w',
      workspace,
      '--suite',
      'b',
      '--external-username',
      uniqueName('parity'),
      '--comment',
      'parity',
      'viewer',
    ])
    expect(granted.code, granted.stderr).toBe(0)
    await same(['archive', 'token', 'list', '--yaml', '-w', workspace, '--suite', 'b'])
  })

  it('archive suite create: the same document (but for the suite name)', async () => {
    const argv = (name: string) => [
      'archive',
      'suite',
      'create',
      '-w',
      workspace,
      name,
      '--architecture',
      'amd64',
    ]
    const python = await pythonClient(argv('python-suite'))
    expect(python.status, python.stderr).toBe(0)
    const mine = await ours(argv('our-suite'))
    expect(mine.code, mine.stderr).toBe(0)
    expect(document(mine.stdout.replace('our-suite', 'python-suite'))).toBe(document(python.stdout))
  })

  it('a lookup that finds nothing: the same exit code (3)', async () => {
    const argv = ['collection', 'lookup-single', '-w', workspace, 'nonexistent@debian:suite']
    expect((await ours(argv)).code).toBe((await pythonClient(argv)).status)
  })

  it('a server error with --yaml: the same failure document, the same exit code', async () => {
    const argv = ['work-request', 'show', '--yaml', '999999999']
    const python = await pythonClient(argv)
    const mine = await ours(argv)
    expect(mine.code).toBe(python.status)
    const { status_code, ...error } = (parse(mine.stdout) as { error: Record<string, unknown> }).error
    // We add the HTTP status, which the Python client leaves out.
    expect(status_code).toBe(404)
    expect({ result: 'failure', error }).toEqual(parse(python.stdout))
  })

  it('a bad argument: the same exit code (2)', async () => {
    const argv = ['work-request', 'show', 'abc']
    expect((await ours(argv)).code).toBe((await pythonClient(argv)).status)
  })
})
