import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CliError } from './cli-error.js'
import { isSdkError } from './error-kind.js'
import type { Io } from './io.js'
import { prompter } from './prompt.js'
import { toYaml } from './yaml-output.js'

/**
 * Let the user edit `text` in their editor (`$VISUAL`, `$EDITOR`, else `sensible-editor`,
 * as the Python client) and return the result. Only on a terminal: a script would wait
 * forever for an editor it cannot see.
 *
 * @throws {CliError} without a terminal, or when the editor fails
 */
export async function editText(io: Io, text: string, suffix = '.yaml'): Promise<string> {
  if (io.stdin.isTTY !== true || io.stdout.isTTY !== true) {
    throw new CliError('Editing needs a terminal (stdin and stdout must be a TTY).', {
      hint: 'Use the non-interactive options of the command instead (e.g. --data, --set).',
    })
  }
  // An empty variable means unset, as for sensible-editor.
  const editor =
    [io.env.VISUAL, io.env.EDITOR].find((value) => value !== undefined && value !== '') ?? 'sensible-editor'
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-edit-'))
  const file = join(directory, `edit${suffix}`)
  try {
    await writeFile(file, text, { mode: 0o600 })
    const code = await new Promise<number | null>((resolve, reject) => {
      // The editor command may carry arguments (EDITOR="code -w"), as shells split it.
      const child = spawn('sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env: io.env })
      child.on('error', reject)
      child.on('exit', resolve)
    })
    if (code !== 0) throw new CliError(`The editor (${editor}) exited with status ${code ?? 'unknown'}.`)
    return await readFile(file, 'utf8')
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/**
 * Let the user edit `value` as YAML ({@link editText}) and return what they wrote, read by
 * `check`, which throws a {@link CliError} for a value of the wrong shape. One edit, no
 * retry: {@link editAndApply} offers another edit instead.
 *
 * @throws {CliError} when the text is not YAML, or as `check` throws
 */
export async function editYaml<Value>(
  io: Io,
  value: unknown,
  check: (edited: unknown) => Value,
): Promise<Value> {
  const { parse, stringify } = await import('yaml')
  const text = await editText(io, stringify(value))
  let edited: unknown
  try {
    edited = parse(text)
  } catch (error) {
    throw new CliError(`Invalid YAML: ${(error as Error).message}`)
  }
  return check(edited)
}

/** How {@link editAndApply} checks and applies what the user wrote. */
export interface EditSettings<Value, Result> {
  /** Comment lines written above the YAML. */
  readonly help: readonly string[]
  /** The edited YAML value as the command needs it; throws a {@link CliError} to ask again. */
  readonly check: (value: unknown) => Value
  /** Send the change; its errors are printed and the user may edit again. */
  readonly apply: (value: Value) => Promise<Result>
  /** Print a refusal of the server (the caller's error printer). */
  readonly report: (error: unknown) => void | Promise<void>
  /** What is edited, for messages (`workspace inheritance`). */
  readonly what: string
}

/**
 * The Python client's edit loop: edit `initial` as YAML; on a bad edit or a refusal of the
 * server, say why and offer to edit again (`y/n` on the terminal). Nothing is sent when the
 * value did not change.
 *
 * @returns the result of `apply`, or undefined when unchanged or given up
 */
export async function editAndApply<Value, Result>(
  io: Io,
  initial: Value,
  settings: EditSettings<Value, Result>,
): Promise<Result | undefined> {
  // A prompter per question: a reader left on stdin would take the editor's keystrokes.
  const retry = async (): Promise<boolean> => {
    const ask = prompter(io)
    try {
      for (;;) {
        const answer = (await ask.ask('Do you want to retry the same edit? (y/n)> '))?.toLowerCase()
        if (answer === undefined || answer === 'n') return false
        if (answer === 'y') return true
      }
    } finally {
      ask.close()
    }
  }
  const { parse } = await import('yaml')
  let text = `${settings.help.map((line) => `# ${line}`.trimEnd()).join('\n')}\n\n${await toYaml(initial)}`
  for (;;) {
    text = await editText(io, text)
    let value: Value
    try {
      value = settings.check(parse(text) ?? undefined)
    } catch (error) {
      if (!(error instanceof CliError) && !(error instanceof Error && error.name === 'YAMLParseError'))
        throw error
      io.stderr.write(`Error reading ${settings.what}: ${error.message}\n`)
      if (await retry()) continue
      return undefined
    }
    if (JSON.stringify(value) === JSON.stringify(initial)) return undefined
    try {
      return await settings.apply(value)
    } catch (error) {
      // Only a refusal of the server is worth another edit; anything else stops here.
      if (!isSdkError(error, 'ApiError')) throw error
      io.stderr.write(`Error setting ${settings.what}:\n`)
      await settings.report(error)
      if (!(await retry())) return undefined
    }
  }
}
