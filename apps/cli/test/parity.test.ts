import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopYaml,
  pythonClient,
  realServer,
  requires,
  uniqueName,
} from '../../../tooling/vitest/real-server.js'
import { pythonCliIsFlat } from '../../../tooling/vitest/python-cli-names.js'
import { runCli, writeConfig } from './support/run-cli.js'

// The Python client's config points at the same server as testuser, default workspace
// System: ours gets the same settings, so both see the same objects.
let config: string
let workRequestId: number
let artifactId: number
let workspace: string

const ours = (argv: string[], stdin?: string) => runCli(['--config-file', config, ...argv], { stdin })

/** The YAML of a run, parsed; its key order kept (compared through JSON.stringify). */
function document(text: string): string {
  return JSON.stringify(parse(text.replace(/^---\n/, '')))
}

/** Whether the server's Python CLI is 0.11.3's (flat command names, its own older shapes). */
const olderPython = (): boolean => pythonCliIsFlat(realServer().serverRoot)

const INSTANT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * A value as both CLIs' prints of it compare when the Python CLI is 0.11.3's: it writes an
 * instant as `str(datetime)` (`2026-01-02 03:04:05.678+00:00`) and reads `duration` as whole
 * seconds; debusine-ts prints what today's Python CLI prints (ISO 8601, the server's float).
 */
function comparable(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && INSTANT.test(value)) return new Date(value.replace(' ', 'T')).toISOString()
  if (key === 'duration' && typeof value === 'number') return Math.trunc(value)
  if (Array.isArray(value)) return value.map((each) => comparable(each))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([name, each]) => [name, comparable(each, name)]))
}

/**
 * The same document from both CLIs. With the Python CLI 0.11.3, which prints fewer fields
 * than today's, every field it printed is in ours with the same value.
 */
async function same(argv: string[]): Promise<void> {
  const python = await pythonClient(argv)
  expect(python.status, python.stderr).toBe(0)
  const mine = await ours(argv)
  expect(mine.code, mine.stderr).toBe(0)
  if (!olderPython()) {
    expect(document(mine.stdout)).toBe(document(python.stdout))
    return
  }
  const [ourDocument, theirDocument] = [mine.stdout, python.stdout].map((text) => comparable(parse(text)))
  expect(theirDocument).toBeTypeOf('object')
  expect(ourDocument).toMatchObject(theirDocument as object)
}

beforeAll(async () => {
  config = writeConfig({ workspace: realServer().workspace })
  const created = await ours(['work-request', 'create', 'noop', '--wait', '--json'], noopYaml('success'))
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
})

/** Suites and a relation in a workspace of their own, for lookups, relations and archive. */
async function suitesWorkspace(): Promise<string> {
  const name = await freshWorkspace('parity')
  for (const suite of ['a', 'b']) {
    const created = await ours(
      ['collection', 'create', '-w', name, 'debian:suite', suite],
      'components: [main]\narchitectures: [amd64]\n',
    )
    expect(created.code, created.stderr).toBe(0)
  }
  const related = await ours([
    'collection',
    'relation',
    'edit',
    '-w',
    name,
    'a@debian:suite',
    'suite-requires',
    '--append',
    'b@debian:suite',
  ])
  expect(related.code, related.stderr).toBe(0)
  return name
}

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

  requires('workflowTemplates.getByName').it('workflow-template show --yaml', async () => {
    const template = uniqueName('parity')
    await ours(['workflow-template', 'create', 'noop', template], 'static_parameters: {}\n')
    await same(['workflow-template', 'show', '--yaml', template])
  })

  requires('workspaces.inheritance').it('workspace inheritance', async () => {
    await same(['workspace', 'inheritance'])
  })

  requires('collections.list').it('collection list --yaml', async () => {
    await same(['collection', 'list', '--yaml'])
  })
})

requires('collections.create').describe(
  'YAML output matches the Python client in a workspace with suites',
  () => {
    beforeAll(async () => {
      workspace = await suitesWorkspace()
    })

    requires('lookups').it('collection lookup-single --yaml (an artifact, a collection)', async () => {
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

    requires('lookups').it('collection lookup-multiple --yaml', async () => {
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

    requires('collections.tokens').it(
      'archive token list --yaml (a grant to an external username on a suite)',
      async () => {
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
      },
    )

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

    requires('lookups').it('a lookup that finds nothing: the same exit code (3)', async () => {
      const argv = ['collection', 'lookup-single', '-w', workspace, 'nonexistent@debian:suite']
      expect((await ours(argv)).code).toBe((await pythonClient(argv)).status)
    })
  },
)

describe('failures match the Python client', () => {
  it('a server error with --yaml: the same failure document, the same exit code', async () => {
    const argv = ['work-request', 'show', '--yaml', '999999999']
    const python = await pythonClient(argv)
    const mine = await ours(argv)
    const { status_code, ...error } = (parse(mine.stdout) as { error: Record<string, unknown> }).error
    // We add the HTTP status, which the Python client leaves out.
    expect(status_code).toBe(404)
    if (!olderPython()) {
      expect(mine.code).toBe(python.status)
      expect({ result: 'failure', error }).toEqual(parse(python.stdout))
      return
    }
    // The Python CLI 0.11.3 crashes on it (exit 1, the server's error in its traceback's last
    // line); ours prints the document and exits 3, as today's Python CLI does.
    expect(mine.code).toBe(3)
    expect(python.status).toBe(1)
    const repr = Object.entries(error).map(([name, value]) => `'${name}': '${String(value)}'`)
    expect(python.stderr.trimEnd().split('\n').at(-1)).toBe(
      `debusine.client.exceptions.DebusineError: {${repr.join(', ')}}`,
    )
  })

  it('a bad argument: the same exit code (2)', async () => {
    const argv = ['work-request', 'show', 'abc']
    expect((await ours(argv)).code).toBe((await pythonClient(argv)).status)
  })
})
