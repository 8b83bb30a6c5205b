import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { pythonCliIsFlat } from '../../../../tooling/vitest/python-cli-names.js'
import { freshWorkspace, noopData, realServer, uniqueName } from '../../../../tooling/vitest/real-server.js'
import {
  filesOf,
  runOurs,
  runPython,
  sharedDirectory,
  withoutKeys,
  type Run,
  type RunSettings,
} from './harness.js'

// Scripts written for the Python CLI 0.11.3 (Debian trixie): its flat command lines, run
// verbatim through debusine-ts and through that CLI against the same server. On a newer
// server (whose Python CLI dropped the flat names) the Python side runs the same command in
// today's spelling, so the file proves on every server that the old lines do what they did;
// the summaries a create prints are 0.11.3's (what its scripts read), compared with that CLI's.

/** Today's spelling of a 0.11.3 command line, for a Python CLI without the flat names. */
function todaysSpelling(argv: readonly string[]): string[] {
  const [name = '', ...rest] = argv
  const words: Readonly<Record<string, readonly string[]>> = {
    'list-work-requests': ['work-request', 'list'],
    'show-work-request': ['work-request', 'show'],
    'create-work-request': ['work-request', 'create'],
    'create-workflow': ['workflow', 'start'],
    'create-artifact': ['artifact', 'create'],
    'show-artifact': ['artifact', 'show'],
    'download-artifact': ['artifact', 'download'],
    'list-assets': ['asset', 'list'],
  }
  if (name === 'create-workflow-template') {
    // 0.11.3: TEMPLATE_NAME TASK_NAME, the data being the static parameters.
    const [template = '', task = '', ...options] = rest
    return ['workflow-template', 'create', task, template, ...options, '--yaml']
  }
  return [...(words[name] ?? [name]), ...rest, '--yaml']
}

/**
 * Where each CLI uploads its own `file.txt` from, with contents of its own: 0.11.3 decides twice
 * in one create whether a file needs uploading, so a create that races another's upload of the
 * same bytes can be told that nothing needs uploading and keep its file incomplete forever (its
 * download then answers 404). That is the server's race, not a client's.
 */
const UPLOAD_FROM = { python: 'upload-python', ours: 'upload-ours' } as const

let flat: boolean
let config: string
let workspace: string
let directory: string

/** A 0.11.3 command line through the Python CLI (in today's spelling where it has no flat names). */
function python(argv: readonly string[], settings: RunSettings = {}): Promise<Run> {
  const line = flat ? argv : todaysSpelling(argv)
  return runPython(['--config-file', config, ...line], { cwd: directory, ...settings })
}

/** The same command line through debusine-ts, verbatim. */
function ours(argv: readonly string[], settings: RunSettings = {}): Promise<Run> {
  return runOurs(['--config-file', config, ...argv], { cwd: directory, ...settings })
}

/** stdout as YAML (a leading `---` is what 0.11.3 prints after reading stdin). */
function yamlOf(run: Run): unknown {
  return parse(run.stdout.replace(/^---\n/, ''))
}

/** Every key the Python CLI printed is in ours (which may print more: what 0.16.2 prints). */
function expectKeysOf(mine: Run, theirs: Run): void {
  const value = yamlOf(theirs)
  expect(value).toBeTypeOf('object')
  expect(Object.keys(yamlOf(mine) as object)).toEqual(expect.arrayContaining(Object.keys(value as object)))
}

/** The fields that differ between two objects created the same way (and every `*_id`). */
const VOLATILE = [
  'id',
  'url',
  'download_tar_gz_url',
  'created_at',
  'started_at',
  'completed_at',
  'expire_at',
  'duration',
  'links',
  'workflow_root',
  // A worker (or the scheduler, filling dynamic_task_data) may have taken one of the two already.
  'status',
  'worker',
  'dynamic_task_data',
  'result',
  'artifacts',
]

function stable(value: unknown): unknown {
  return withoutKeys(value, (key) => VOLATILE.includes(key) || key.endsWith('_id'))
}

/** The id a create command printed: `id`, or 0.11.3's `work_request_id`, `workflow_id`, `artifact_id`. */
function createdId(run: Run): number {
  const value = yamlOf(run) as Record<string, unknown>
  const id = value.id ?? value.work_request_id ?? value.workflow_id ?? value.artifact_id
  expect(id, run.stdout).toBeTypeOf('number')
  return id as number
}

/** Run the same line through both CLIs, expecting both to succeed. */
async function both(argv: readonly string[], settings: RunSettings = {}): Promise<[Run, Run]> {
  const [theirs, mine] = await Promise.all([python(argv, settings), ours(argv, settings)])
  expect(mine.code, mine.stderr).toBe(theirs.code)
  expect(theirs.code, theirs.stderr + theirs.stdout).toBe(0)
  return [theirs, mine]
}

beforeAll(async () => {
  const server = realServer()
  flat = pythonCliIsFlat(server.serverRoot)
  workspace = await freshWorkspace('trixie')
  directory = sharedDirectory('trixie')
  // No default-workspace key: 0.11.3's client refuses a config file that has one.
  config = join(directory, 'config.ini')
  writeFileSync(
    config,
    `[General]\ndefault-server = real\n\n[server:real]\napi-url = ${server.apiUrl}\nscope = ${server.scope}\ntoken = ${server.token}\n`,
    { mode: 0o600 },
  )
  for (const side of Object.values(UPLOAD_FROM)) {
    mkdirSync(join(directory, side))
    writeFileSync(join(directory, side, 'file.txt'), `${uniqueName('trixie')}\n`)
  }
})

describe('command lines of the Python CLI 0.11.3, through both CLIs', () => {
  it('create-work-request (data on stdin), show-work-request, list-work-requests', async () => {
    const stdin = `result: ${JSON.stringify(noopData('success').result)}\n`
    const argv = ['create-work-request', 'noop', '--workspace', workspace]
    const [theirs, mine] = await both(argv, { stdin })
    const shown = await Promise.all(
      [theirs, mine].map((run) => both(['show-work-request', String(createdId(run))])),
    )
    const [theirShow, ourShow] = shown.map(([pythonShow]) => yamlOf(pythonShow))
    // The server holds the same work request from each; each CLI shows it the same way.
    expect(stable(ourShow)).toMatchObject(stable(theirShow) as object)
    for (const [pythonShow, ourRun] of shown) expectKeysOf(ourRun, pythonShow)
    if (flat) expectKeysOf(mine, theirs)
    const [listed, ourList] = await both(['list-work-requests', '--limit', '2'])
    for (const run of [listed, ourList]) expect(yamlOf(run)).toBeDefined()
  })

  it('create-workflow-template TEMPLATE_NAME TASK_NAME (data on stdin), then create-workflow', async () => {
    const names = [uniqueName('tpl-py'), uniqueName('tpl-ts')]
    const line = (name: string): string[] => [
      'create-workflow-template',
      name,
      'noop',
      '--workspace',
      workspace,
      '--priority=-3',
    ]
    const created = await Promise.all([
      python(line(names[0]!), { stdin: '{}\n' }),
      ours(line(names[1]!), { stdin: '{}\n' }),
    ])
    for (const run of created) expect(run.code, run.stderr + run.stdout).toBe(0)
    // Server state: each template starts the same workflow.
    const started = await Promise.all([
      python(['create-workflow', names[0]!, '--workspace', workspace], { stdin: '{}\n' }),
      ours(['create-workflow', names[1]!, '--workspace', workspace], { stdin: '{}\n' }),
    ])
    for (const run of started) expect(run.code, run.stderr + run.stdout).toBe(0)
    const shown = await Promise.all(
      started.map((run) => ours(['show-work-request', String(createdId(run)), '--yaml'])),
    )
    const [theirWorkflow, ourWorkflow] = shown.map((run) => stable(yamlOf(run)) as Record<string, unknown>)
    expect(ourWorkflow).toEqual(theirWorkflow)
    if (flat) expectKeysOf(created[1]!, created[0]!)
    expect(theirWorkflow).toMatchObject({ task_name: 'noop', task_type: 'Workflow', priority_base: -3 })
  })

  it('create-artifact, show-artifact, download-artifact (--tarball, --target-directory)', async () => {
    const argv = ['create-artifact', 'debusine:test', '--workspace', workspace, '--upload', 'file.txt']
    const [theirs, mine] = await Promise.all([
      python(argv, { cwd: join(directory, UPLOAD_FROM.python) }),
      ours(argv, { cwd: join(directory, UPLOAD_FROM.ours) }),
    ])
    for (const run of [theirs, mine]) expect(run.code, run.stderr + run.stdout).toBe(0)
    const ids = [theirs, mine].map(createdId)
    const shown = await Promise.all(ids.map((id) => both(['show-artifact', String(id)])))
    // Each artifact through both CLIs; the two artifacts alike but for their bytes' checksums.
    for (const [pythonShow, ourShow] of shown) {
      expect(stable(yamlOf(ourShow))).toMatchObject(stable(yamlOf(pythonShow)) as object)
      expectKeysOf(ourShow, pythonShow)
    }
    const [theirArtifact, ourArtifact] = shown.map(([pythonShow]) =>
      withoutKeys(stable(yamlOf(pythonShow)), (key) => key === 'checksums'),
    )
    expect(ourArtifact).toEqual(theirArtifact)
    if (flat) expectKeysOf(mine, theirs)
    const targets = ['python', 'ours', 'python-tar', 'ours-tar'].map((name) => join(directory, name))
    for (const target of targets) mkdirSync(target)
    const download = (target: string, tarball: string[]): string[] => [
      'download-artifact',
      String(ids[0]),
      '--target-directory',
      target,
      ...tarball,
    ]
    const runs = await Promise.all([
      python(download(targets[0]!, [])),
      ours(download(targets[1]!, [])),
      python(download(targets[2]!, ['--tarball'])),
      ours(download(targets[3]!, ['--tarball'])),
    ])
    for (const run of runs) expect(run.code, run.stderr + run.stdout).toBe(0)
    expect(filesOf(targets[1]!)).toEqual(filesOf(targets[0]!))
    expect(Object.keys(filesOf(targets[3]!))).toEqual(Object.keys(filesOf(targets[2]!)))
  })

  it('list-assets --workspace', async () => {
    const [theirs, mine] = await both(['list-assets', '--workspace', workspace])
    expect(yamlOf(mine)).toEqual(yamlOf(theirs))
  })
})
