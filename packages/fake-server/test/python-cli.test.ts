/**
 * The built bin `debusine-ts-fake`, used by another client: the official Python CLI (in the
 * real server's chroot, sharing /tmp and the host network) runs round trips against it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pythonClient, realServer } from '../../../tooling/vitest/real-server.js'
import { control } from './support/control.js'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))

interface Started {
  apiUrl: string
  token: string
  scope: string
  workspace: string
  controlToken: string
}

let bin: ChildProcess
let fake: Started
let work: string
let config: string

/** Start the built bin and read the JSON line it prints once it answers. */
function startBin(stateFile: string): Promise<Started> {
  bin = spawn(process.execPath, [join(PACKAGE, 'dist/bin.js'), '--port', '0', '--state', stateFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    createInterface({ input: bin.stdout! }).once('line', (line) => resolve(JSON.parse(line) as Started))
    bin.once('exit', (code) =>
      reject(new Error(`debusine-ts-fake exited (${String(code)}) before it answered`)),
    )
  })
}

function debusine(args: string[], input?: string) {
  return pythonClient(['--config-file', config, ...args], { cwd: work, input })
}

beforeAll(async () => {
  realServer()
  // The bin as it ships: the package's own build (the bundled dist/bin.js).
  await promisify(execFile)('pnpm', ['run', 'build'], { cwd: PACKAGE })
  work = mkdtempSync(join(tmpdir(), 'fake-debusine-python-'))
  fake = await startBin(join(work, 'state.json'))
  config = join(work, 'config.ini')
  writeFileSync(
    config,
    `[General]\ndefault-server = fake\n\n[server:fake]\napi-url = ${fake.apiUrl}\nscope = ${fake.scope}\n` +
      `default-workspace = ${fake.workspace}\ntoken = ${fake.token}\n`,
    { mode: 0o600 },
  )
})

afterAll(() => {
  bin?.kill('SIGTERM')
})

describe('debusine-ts-fake with the official Python CLI', () => {
  it('answers /healthz once it has printed where it listens', async () => {
    const health = await fetch(fake.apiUrl.replace(/\/api$/, '/healthz'))
    expect(await health.text()).toBe('ok\n')
  })

  it('takes artifact create with files, and artifact download gives them back', async () => {
    writeFileSync(join(work, 'a.txt'), 'first file\n')
    writeFileSync(join(work, 'b.txt'), 'second file\n')
    const created = await debusine(['artifact', 'create', 'debusine:test', '--upload', 'a.txt', 'b.txt'])
    expect(created.status).toBe(0)
    const id = /artifact_id: (\d+)/.exec(created.stdout)![1]!
    const target = mkdtempSync(join(work, 'download-'))
    const downloaded = await debusine(['artifact', 'download', id, '--target-directory', target])
    expect(downloaded.status, downloaded.stderr).toBe(0)
    expect(readFileSync(join(target, 'a.txt'), 'utf8')).toBe('first file\n')
    expect(readFileSync(join(target, 'b.txt'), 'utf8')).toBe('second file\n')
  })

  it('takes work-request create, show and list, and on-completed runs the command for a completion the test triggers', async () => {
    const created = await debusine(['work-request', 'create', '--yaml', 'noop'], 'result: success\n')
    expect(created.status, created.stderr).toBe(0)
    const id = Number(/\bid: (\d+)/.exec(created.stdout)![1])
    const shown = await debusine(['work-request', 'show', '--yaml', String(id)])
    expect(shown.stdout).toMatch(/status: pending/)
    const listed = await debusine(['work-request', 'list', '--yaml'])
    expect(listed.status, listed.stderr).toBe(0)
    expect(listed.stdout).toContain(`id: ${id}`)

    const outFile = join(work, 'completions.txt')
    const command = join(work, 'record.sh')
    writeFileSync(command, `#!/bin/sh\necho "$1 $2" >> ${outFile}\n`, { mode: 0o755 })
    const listener = spawn(
      realServer().pythonClient,
      ['--config-file', config, 'work-request', 'on-completed', command],
      {
        cwd: work,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let said = ''
    for (const stream of [listener.stdout, listener.stderr])
      stream.setEncoding('utf8').on('data', (text: string) => (said += text))
    try {
      // A live completion reaches only a connected listener: wait until it says so.
      await until(() => said.includes('Connected!'))
      expect(await fetchLog()).toContainEqual(
        expect.objectContaining({ target: '/api/ws/1.0/work-request/on-completed/' }),
      )
      const done = await control(fake, `/work-request/${id}/complete/`, {
        method: 'POST',
        body: JSON.stringify({ result: 'success' }),
      })
      expect(done.status).toBe(200)
      await until(() => existsSync(outFile) && readFileSync(outFile, 'utf8') !== '')
      expect(readFileSync(outFile, 'utf8')).toBe(`${id} success\n`)
    } finally {
      listener.kill('SIGTERM')
    }
  })

  it('takes workflow-template create and list, workflow start and list, and collection list', async () => {
    writeFileSync(join(work, 'template.yaml'), 'runtime_parameters: any\n')
    const template = await debusine([
      'workflow-template',
      'create',
      '--data',
      'template.yaml',
      'noop',
      'from-python',
    ])
    expect(template.status, template.stderr).toBe(0)
    const templates = await debusine(['workflow-template', 'list', '--yaml'])
    expect(templates.stdout).toContain('name: from-python')
    const started = await debusine(['workflow', 'start', '--yaml', 'from-python'], '{}\n')
    expect(started.status, started.stderr).toBe(0)
    expect(started.stdout).toMatch(/\bid: \d+/)
    const id = Number(/\bid: (\d+)/.exec(started.stdout)![1])
    const workflows = await debusine(['workflow', 'list', '--yaml'])
    expect(workflows.stdout).toContain(`id: ${id}`)
    const collections = await debusine(['collection', 'list', '--yaml'])
    expect(collections.status, collections.stderr).toBe(0)
    expect(collections.stdout).toContain('category: debusine:task-history')
  })
})

async function fetchLog(): Promise<{ target: string }[]> {
  return (await (await control(fake, '/requests/')).json()) as { target: string }[]
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
