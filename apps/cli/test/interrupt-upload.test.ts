/**
 * Ctrl-C and SIGTERM during `artifact create --upload` on the real server, at 20 moments
 * derived from a fixed seed, from before the create request to after the last byte: every
 * exit is checked against the server's `files_to_upload` (0 only when complete; 130/143 with
 * one true line about what exists), then the same command run again completes the artifact.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { realServer } from '../../../tooling/vitest/real-server.js'
import { runCli, type CliRun } from './support/run-cli.js'
import { writeConfig } from './support/run-cli.js'
import { interruptLine, recordOutcome, seededMoments } from './support/interrupt-moments.js'

const SEED = 47
const MOMENTS = 20
/** Large enough that the upload lasts a while, small enough that 20 runs and reruns stay within 3 minutes. */
const FILE_BYTES = 8 * 1024 * 1024
/** How far past the measured length of a whole upload the last moments go. */
const SPAN_FACTOR = 1.15
/** Runs at once (2 cores shared with others). */
const AT_ONCE = 2
/** A generous bound on the time from the signal to the exit (the grace period is 1.8 s; a machine under heavy load stretches it). */
const EXIT_BOUND_MS = 20_000

let config: string
let state: string
let client: DebusineClient

beforeAll(async () => {
  const env = realServer()
  // The default workspace: each run uploads fresh random bytes, so no other test's files
  // matter, and a loaded machine's slow workspace creation is not on this test's path.
  const workspace = env.workspace
  config = writeConfig({ workspace })
  state = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-interrupt-state-'))
  client = new DebusineClient({ apiUrl: env.apiUrl, token: env.token, scope: env.scope, workspace })
})

/** A directory holding `blob.bin` of fresh random bytes (the server shares equal content within a workspace). */
function freshFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-interrupt-'))
  writeFileSync(join(directory, 'blob.bin'), randomBytes(FILE_BYTES))
  return directory
}

function createArgs(json: boolean): string[] {
  return [
    '--config-file',
    config,
    'artifact',
    'create',
    'debusine:test',
    '--upload',
    'blob.bin',
    ...(json ? ['--json'] : []),
  ]
}

/** The artifact id a successful create printed (YAML, or JSON with `--json`). */
function printedId(run: CliRun): number {
  return (parse(run.stdout) as { artifact_id: number }).artifact_id
}

/** Run the create, interrupted `afterMs` after the start with `signal`; the run and how long the exit took after the signal. */
async function interruptedRun(
  directory: string,
  json: boolean,
  afterMs: number,
  signal: NodeJS.Signals,
): Promise<{ run: CliRun; exitAfterSignalMs: number | undefined }> {
  const controller = new AbortController()
  let signalledAt: number | undefined
  const timer = setTimeout(() => {
    signalledAt = Date.now()
    controller.abort()
  }, afterMs)
  const run = await runCli(createArgs(json), {
    cwd: directory,
    env: { XDG_STATE_HOME: state },
    signal: controller.signal,
    interruptWith: signal,
  })
  clearTimeout(timer)
  return { run, exitAfterSignalMs: signalledAt === undefined ? undefined : Date.now() - signalledAt }
}

/**
 * Check what an interrupted run said against the server; the artifact id it named, if any.
 * Its line names the artifact and the files still missing, or says that no artifact is known yet.
 */
async function checkInterruptLine(
  run: CliRun,
  signal: NodeJS.Signals,
): Promise<{ id?: number; phase: string }> {
  const line = interruptLine(run.stderr)
  expect(line.startsWith(`debusine-ts: interrupted (${signal}): `), line).toBe(true)
  expect(line).toMatch(/(run|running) the same command again|is complete/)
  // The kit's line before the handler said anything: it had sent nothing yet (its status is
  // set before the first request that writes).
  if (/stopped before the command completed; run the same command again/.test(line)) {
    return { phase: 'before the handler started' }
  }
  if (/no artifact of this upload is known to exist yet/.test(line)) return { phase: 'before the artifact' }
  const complete = /artifact (\d+) exists on the server and is complete/.exec(line)
  if (complete !== null) {
    const id = Number(complete[1])
    expect((await client.artifacts.get(id)).files_to_upload).toEqual([])
    return { id, phase: 'complete' }
  }
  const partial =
    /artifact (\d+) exists on the server; files still to upload: (.+?)( \(its last bytes were sent[^)]*\))?; /.exec(
      line,
    )
  expect(partial, line).not.toBeNull()
  const id = Number(partial![1])
  const named = [...partial![2]!.matchAll(/"([^"]+)"/g)].map((match) => match[1])
  const missing = (await client.artifacts.get(id)).files_to_upload
  // A file whose last bytes were sent may complete after the line: it said so.
  if (partial![3] === undefined) expect(missing).toEqual(named)
  else expect(named).toEqual(expect.arrayContaining(missing))
  return { id, phase: partial![3] === undefined ? 'file missing' : 'last bytes sent' }
}

/** What an interrupted run's exit says, checked against the server: the artifact id it names, and the phase it was in. */
async function judge(
  run: CliRun,
  {
    signal,
    json,
    exitAfterSignalMs,
    context,
  }: { signal: NodeJS.Signals; json: boolean; exitAfterSignalMs: number | undefined; context: string },
): Promise<{ id?: number; phase: string }> {
  if (run.killedBy !== undefined) {
    // Before the CLI's first line ran (Node still starting): nothing was sent.
    expect(run.killedBy, context).toBe(signal)
    expect(run.stdout, context).toBe('')
    return { phase: 'killed while Node started' }
  }
  if (run.code === 0) {
    const id = printedId(run)
    expect((await client.artifacts.get(id)).files_to_upload, context).toEqual([])
    return { id, phase: 'completed before the signal' }
  }
  expect(run.code, context).toBe(signal === 'SIGINT' ? 130 : 143)
  if (json) expect(run.stdout, context).toBe('')
  expect(exitAfterSignalMs, context).toBeLessThan(EXIT_BOUND_MS)
  return checkInterruptLine(run, signal)
}

/** A moment's directory, to run the same command again in. */
interface Rerun {
  directory: string
  json: boolean
  context: string
  /** The artifact the interrupt line named: the rerun must continue it. */
  namedId: number | undefined
}

/** The same command again completes the artifact, the same one the line named. */
async function rerunCompletes({ directory, json, context, namedId }: Rerun): Promise<void> {
  const rerun = await runCli(createArgs(json), { cwd: directory, env: { XDG_STATE_HOME: state } })
  expect(rerun.code, `${context}\nrerun: ${rerun.stderr}`).toBe(0)
  const rerunId = printedId(rerun)
  if (namedId !== undefined) expect(rerunId, context).toBe(namedId)
  expect((await client.artifacts.get(rerunId)).files_to_upload).toEqual([])
  rmSync(directory, { recursive: true })
}

/**
 * Run the create on a fresh file, interrupted at `moment` ms, and judge its exit; what to run
 * again when it did not complete.
 */
async function interruptAt(index: number, moment: number): Promise<Rerun | undefined> {
  const json = index % 2 === 1
  const signal: NodeJS.Signals = index % 4 === 3 ? 'SIGTERM' : 'SIGINT'
  const directory = freshFile()
  const { run, exitAfterSignalMs } = await interruptedRun(directory, json, moment, signal)
  const context = `moment ${index} (${moment} ms, ${signal}${json ? ', --json' : ''}): exit ${run.code}\n${run.stderr}`
  const said = await judge(run, { signal, json, exitAfterSignalMs, context })
  const line = run.stderr.split('\n').find((each) => each.startsWith('debusine-ts: interrupted'))
  recordOutcome({
    test: 'upload',
    index,
    moment,
    signal,
    json,
    code: run.code,
    exitAfterSignalMs,
    ...said,
    line,
  })
  if (run.code === 0) {
    rmSync(directory, { recursive: true })
    return undefined
  }
  return { directory, json, context, namedId: said.id }
}

describe('artifact create --upload interrupted at seeded moments', () => {
  it('exits 0 only when complete, else 130/143 with a true line, and the rerun completes', async () => {
    // How long a whole upload takes here, now: the span the moments cover.
    const baselineDirectory = freshFile()
    const startedAt = Date.now()
    const baseline = await runCli(createArgs(true), {
      cwd: baselineDirectory,
      env: { XDG_STATE_HOME: state },
    })
    const baselineMs = Date.now() - startedAt
    rmSync(baselineDirectory, { recursive: true })
    expect(baseline.code, baseline.stderr).toBe(0)
    expect((await client.artifacts.get(printedId(baseline))).files_to_upload).toEqual([])
    recordOutcome({ test: 'upload', baselineMs, fileBytes: FILE_BYTES })

    const moments = seededMoments(SEED, MOMENTS, baselineMs * SPAN_FACTOR)
    const pending: Rerun[] = []
    // Each moment is its own file and journal entry: two runs at once do not race each other.
    for (let first = 0; first < moments.length; first += AT_ONCE) {
      const batch = moments
        .slice(first, first + AT_ONCE)
        .map((moment, offset) => interruptAt(first + offset, moment))
      for (const rerun of await Promise.all(batch)) if (rerun !== undefined) pending.push(rerun)
    }
    for (let first = 0; first < pending.length; first += AT_ONCE) {
      await Promise.all(pending.slice(first, first + AT_ONCE).map(rerunCompletes))
    }
  }, 420_000)

  it('exits at once on a second Ctrl-C, still 130 with one line', async () => {
    const directory = freshFile()
    const controller = new AbortController()
    let secondAt = 0
    let sent = false
    let pid = 0
    const run = await runCli(createArgs(false), {
      cwd: directory,
      env: { XDG_STATE_HOME: state },
      signal: controller.signal,
      onStart: (started) => {
        pid = started
      },
      // Once the artifact exists (its summary printed), Ctrl-C twice in a row.
      onStdout: () => {
        if (sent) return
        sent = true
        controller.abort()
        setTimeout(() => {
          secondAt = Date.now()
          process.kill(pid, 'SIGINT')
        }, 20)
      },
    })
    const exitAfterSecondMs = Date.now() - secondAt
    expect(run.code, run.stderr).toBe(130)
    const line = interruptLine(run.stderr)
    expect(line).toMatch(/artifact \d+ exists on the server/)
    expect(exitAfterSecondMs).toBeLessThan(EXIT_BOUND_MS)
    recordOutcome({ test: 'second SIGINT', exitAfterSecondMs, line })
    rmSync(directory, { recursive: true })
  })
})
