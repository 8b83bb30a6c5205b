/**
 * Ctrl-C and SIGTERM during `artifact download` from the real server, at moments derived
 * from a fixed seed: no file is ever left partial under its final name, exit 0 only when
 * every file was written, else 130/143 with one line naming what was written whole.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli, writeConfig, type CliRun } from './support/run-cli.js'
import { interruptLine, recordOutcome, seededMoments } from './support/interrupt-moments.js'

const SEED = 4747
const MOMENTS = 10
const FILE_BYTES = 8 * 1024 * 1024
const NAMES = ['first.bin', 'second.bin']
const SPAN_FACTOR = 1.15
const EXIT_BOUND_MS = 20_000
/** Runs at once (2 cores shared with others). */
const AT_ONCE = 2

let config: string
let artifactId: number
const sha256 = new Map<string, string>()

beforeAll(async () => {
  // The default workspace: the artifact holds fresh random bytes, so no other test's files matter.
  config = writeConfig()
  const source = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-download-source-'))
  for (const name of NAMES) {
    const bytes = randomBytes(FILE_BYTES)
    writeFileSync(join(source, name), bytes)
    sha256.set(name, createHash('sha256').update(bytes).digest('hex'))
  }
  const created = await runCli(
    ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', ...NAMES, '--no-resume'],
    { cwd: source },
  )
  expect(created.code, created.stderr).toBe(0)
  artifactId = (parse(created.stdout) as { artifact_id: number }).artifact_id
  rmSync(source, { recursive: true })
})

function downloadArgs(directory: string): string[] {
  return [
    '--config-file',
    config,
    'artifact',
    'download',
    String(artifactId),
    '--target-directory',
    directory,
  ]
}

/** The artifact's files under their final names in `directory`, each checked whole; and how many other entries there are. */
function finalFiles(directory: string): { whole: string[]; others: number } {
  const entries = readdirSync(directory)
  const whole = NAMES.filter((name) => entries.includes(name))
  for (const name of whole) {
    const digest = createHash('sha256')
      .update(readFileSync(join(directory, name)))
      .digest('hex')
    expect(digest, `${name} under its final name is not the whole file`).toBe(sha256.get(name))
  }
  return { whole, others: entries.length - whole.length }
}

/** What the interrupt line says was written whole, when it says. */
function saidWritten(run: CliRun, signal: NodeJS.Signals): string[] | undefined {
  const line = interruptLine(run.stderr)
  expect(
    line.startsWith(`debusine-ts: interrupted (${signal}): the download of artifact ${artifactId}`),
    line,
  ).toBe(true)
  expect(line).toContain('no partial file is left under a final name')
  const match = /written whole: (none|[^;]+);/.exec(line)
  if (match === null) return undefined
  return [...(match[1] as string).matchAll(/"([^"]+)"/g)].map((each) => each[1] as string)
}

/** One download into a fresh directory, interrupted at `moment` ms, judged by what it left. */
async function interruptAt(index: number, moment: number): Promise<void> {
  const signal: NodeJS.Signals = index % 3 === 2 ? 'SIGTERM' : 'SIGINT'
  const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-download-'))
  const controller = new AbortController()
  let signalledAt: number | undefined
  const timer = setTimeout(() => {
    signalledAt = Date.now()
    controller.abort()
  }, moment)
  const run = await runCli(downloadArgs(directory), { signal: controller.signal, interruptWith: signal })
  clearTimeout(timer)
  const exitAfterSignalMs = signalledAt === undefined ? undefined : Date.now() - signalledAt
  const context = `moment ${index} (${moment} ms, ${signal}): exit ${run.code}\n${run.stderr}`
  const { whole, others } = finalFiles(directory)
  let phase: string
  if (run.killedBy !== undefined) {
    expect(whole, context).toEqual([])
    phase = 'killed while Node started'
  } else if (run.code === 0) {
    expect(whole, context).toEqual(NAMES)
    phase = 'completed before the signal'
  } else {
    expect(run.code, context).toBe(signal === 'SIGINT' ? 130 : 143)
    expect(exitAfterSignalMs, context).toBeLessThan(EXIT_BOUND_MS)
    const said = saidWritten(run, signal)
    if (said !== undefined) expect(said, context).toEqual(whole)
    phase = `interrupted, ${whole.length} of ${NAMES.length} written whole`
  }
  recordOutcome({
    test: 'download',
    index,
    moment,
    signal,
    code: run.code,
    exitAfterSignalMs,
    phase,
    others,
    line: run.stderr.split('\n').find((each) => each.startsWith('debusine-ts: interrupted')),
  })
  rmSync(directory, { recursive: true })
}

describe('artifact download interrupted at seeded moments', () => {
  it('never leaves a partial file under its final name, and exits 0 only when complete', async () => {
    const baselineDirectory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-download-'))
    const startedAt = Date.now()
    const baseline = await runCli(downloadArgs(baselineDirectory))
    const baselineMs = Date.now() - startedAt
    expect(baseline.code, baseline.stderr).toBe(0)
    expect(finalFiles(baselineDirectory).whole).toEqual(NAMES)
    rmSync(baselineDirectory, { recursive: true })
    recordOutcome({ test: 'download', baselineMs, fileBytes: FILE_BYTES, files: NAMES.length })

    const moments = seededMoments(SEED, MOMENTS, baselineMs * SPAN_FACTOR)
    // Each moment downloads into its own directory: two at once do not race each other.
    for (let first = 0; first < moments.length; first += AT_ONCE) {
      await Promise.all(
        moments.slice(first, first + AT_ONCE).map((moment, offset) => interruptAt(first + offset, moment)),
      )
    }
  }, 300_000)
})
