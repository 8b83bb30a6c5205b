import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { pythonClient } from '../../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from '../support/run-cli.js'
import { differences, type DifferenceId } from './allowlist.js'

/** What one CLI did: exit code and output. */
export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Where and how to run a command line with both CLIs. */
export interface RunSettings {
  /** Standard input (YAML data). */
  readonly stdin?: string
  /** The working directory; under /tmp, which the Python CLI's chroot sees too. */
  readonly cwd?: string
  /** Run ours as on a terminal (the Python CLI prompts from a pipe as well). */
  readonly terminal?: boolean
}

/** Run the Python CLI 0.16.2 (in the real server's chroot, as testuser's config says). */
export async function runPython(argv: readonly string[], settings: RunSettings = {}): Promise<Run> {
  const options = { input: settings.stdin, cwd: settings.cwd ?? '/tmp', timeout: 600_000 }
  const result = await pythonClient(argv, options)
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

/**
 * The Node the differential suite runs our built CLI under: the system's (Debian's, the oldest
 * the CLI supports) when there is one, so the suite proves that Node as the others prove the
 * project's.
 */
function oldestNode(): string {
  const system = process.env.DEBUSINE_TS_SYSTEM_NODE ?? '/usr/bin/node'
  return existsSync(system) ? system : process.execPath
}

/** Run the built debusine-ts (`dist/bin.js`) with the same command line. */
export function runOurs(argv: readonly string[], settings: RunSettings = {}): Promise<Run> {
  return runCli(argv, {
    ...(settings.stdin === undefined ? {} : { stdin: settings.stdin }),
    cwd: settings.cwd ?? '/tmp',
    terminal: settings.terminal === true,
    node: oldestNode(),
  })
}

/** A directory under /tmp that both CLIs (and the testuser of the chroot) can use. */
export function sharedDirectory(prefix: string): string {
  const directory = mkdtempSync(`/tmp/debusine-ts-diff-${prefix}-`)
  statSync(directory)
  return directory
}

/** A config file for both CLIs (under /tmp, which the chroot sees): the real server, a token, a default workspace. */
export function sharedConfig(options: { token?: string; workspace?: string } = {}): string {
  return writeConfig({ ...options, directory: sharedDirectory('config') })
}

/** The files of a directory and their contents, for comparing what the CLIs wrote. */
export function filesOf(directory: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(directory)
      .sort()
      .map((name) => [name, readFileSync(join(directory, name)).toString('base64')]),
  )
}

/** Python's argparse usage error: the message after `PROG: error: `. */
function usageMessage(stderr: string): string | undefined {
  return /: error: (.*)$/m.exec(stderr)?.[1]?.trim()
}

/** A YAML failure document `{result: failure, error}` (some Python commands print one on stderr). */
function failureDocument(text: string): unknown {
  const value = yamlOf(text.replace(/^Error setting [a-z ]+:\n/, ''))
  return typeof value === 'object' && value !== null && 'result' in value
    ? withoutStatusCode(value)
    : undefined
}

/**
 * What a run says went wrong, as one line: argparse's message, else the error text with
 * the `Error:`/`Error (404):`/`Command failed:` prefix and line wrapping taken out.
 */
export function errorText(text: string): string {
  return (
    usageMessage(text) ??
    text
      .replace(/^(Error( \(\d+\))?|Command failed): /, '')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

function yamlOf(text: string): unknown {
  try {
    return parse(text.replace(/^---\n/, ''))
  } catch {
    return text
  }
}

/** How one case compares the two runs. */
export interface Comparison {
  /** stdout: parsed YAML (default), not compared, or compared after a normalisation. */
  readonly stdout?: 'yaml' | 'ignore' | ((value: unknown) => unknown)
  /** A phrase both first lines of stderr must contain, instead of ours containing Python's. */
  readonly phrase?: RegExp
  /** Differences kept on purpose that this case shows. */
  readonly allowed?: readonly DifferenceId[]
}

/** Drop `status_code` from a failure document (allowlisted: ours has it with --yaml). */
function withoutStatusCode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('error' in value)) return value
  const { error, ...rest } = value as { error: unknown }
  if (typeof error !== 'object' || error === null) return value
  const { status_code: _statusCode, ...errorRest } = error as Record<string, unknown>
  return { ...rest, error: errorRest }
}

/**
 * The Python client prints server errors with its Rich console on stdout (wrapped at 80
 * columns) unless `--yaml`; ours go to stderr (allowlist `errors-on-stderr`). Such a run's
 * error text is its stdout, and its stdout holds no data.
 */
function pythonOutputs(python: Run, ours: Run): { stdout: string; error: string } {
  const richError = python.code !== 0 && python.stderr.trim() === '' && ours.stdout.trim() === ''
  return richError ? { stdout: '', error: python.stdout } : { stdout: python.stdout, error: python.stderr }
}

function compareErrors(pythonError: string, ourError: string, comparison: Comparison): string | undefined {
  const document = failureDocument(pythonError)
  if (document !== undefined) {
    const mine = failureDocument(ourError.replace(/^# .*$/gm, ''))
    return JSON.stringify(mine) === JSON.stringify(document)
      ? undefined
      : `failure document on stderr:\n--- python\n${pythonError}\n--- ours\n${ourError}`
  }
  const [theirs, mine] = [errorText(pythonError), errorText(ourError)]
  // The key phrase must be on our first line (argparse's error line for a usage error).
  const ourFirstLine =
    usageMessage(ourError) ?? errorText(ourError.split('\n').find((line) => line.trim() !== '') ?? '')
  const same =
    comparison.phrase === undefined
      ? mine.includes(theirs)
      : comparison.phrase.test(theirs) && comparison.phrase.test(ourFirstLine)
  return same ? undefined : `error message:\n  python: ${theirs}\n  ours:   ${mine}`
}

function isFailureDocument(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { result?: unknown }).result === 'failure'
}

/** What differs between the Python run and ours, as lines for a test failure (empty: nothing). */
export function compareRuns(python: Run, ours: Run, comparison: Comparison = {}): string[] {
  const problems: string[] = []
  const allowed = new Set(comparison.allowed ?? [])
  for (const id of allowed) {
    if (!differences.some((difference) => difference.id === id)) problems.push(`unknown allowlist id ${id}`)
  }
  if (python.code !== ours.code) problems.push(`exit code: python ${python.code}, ours ${ours.code}`)
  const outputs = pythonOutputs(python, ours)
  const style = comparison.stdout ?? 'yaml'
  if (style !== 'ignore') {
    const normalize = typeof style === 'function' ? style : (value: unknown) => value
    const mine = withoutStatusCode(normalize(yamlOf(ours.stdout)))
    const theirs = withoutStatusCode(normalize(yamlOf(outputs.stdout)))
    const failureDocumentKept =
      allowed.has('yaml-failure-document') &&
      isFailureDocument(mine) &&
      (theirs === null || theirs === undefined || isFailureDocument(theirs))
    if (!failureDocumentKept && JSON.stringify(mine) !== JSON.stringify(theirs)) {
      problems.push(`stdout:\n--- python\n${python.stdout}\n--- ours\n${ours.stdout}`)
    }
  }
  if (python.code !== 0 && !allowed.has('messages')) {
    const problem = compareErrors(outputs.error, ours.stderr, comparison)
    if (problem !== undefined) problems.push(problem)
  }
  return problems
}

/** Run the same command line through both CLIs and compare them. */
export async function differential(
  argv: readonly string[],
  settings: RunSettings & Comparison = {},
): Promise<{ python: Run; ours: Run; problems: string[] }> {
  const [python, ours] = await Promise.all([runPython(argv, settings), runOurs(argv, settings)])
  return { python, ours, problems: compareRuns(python, ours, settings) }
}

/** `value` without the keys `dropped` names, at every depth: what two objects made the same way share. */
export function withoutKeys(value: unknown, dropped: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, dropped))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !dropped(key))
      .map(([key, field]) => [key, withoutKeys(field, dropped)]),
  )
}
