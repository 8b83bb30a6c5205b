import { appendFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'

/** Where the action talks to its runner: stdout for workflow commands, and the runner's files. */
export interface RunnerIo {
  /** The environment: `INPUT_*`, `GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`, … */
  env: Readonly<Record<string, string | undefined>>
  /** Write one line (or more) to the step's log. */
  write: (text: string) => void
}

/** The runner of this process: `process.env` and stdout. */
export function processRunner(): RunnerIo {
  return { env: process.env, write: (text) => process.stdout.write(text) }
}

// The escapes of the runner's workflow command syntax.
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

/**
 * `text` as one inert line of the step's log. The runner reads a line starting with `::` as a
 * command, and the older `##[name]` form anywhere in a line: line breaks are escaped as in
 * command data (`%0D`, `%0A`), so server text cannot start a line of its own, a leading `::`
 * becomes `%3A:`, and `##[` becomes `##%5B`.
 */
export function logText(text: string): string {
  return text
    .replaceAll('\r', '%0D')
    .replaceAll('\n', '%0A')
    .replaceAll('##[', '##%5B')
    .replace(/^(\s*):(?=:)/, '$1%3A')
}

/** Write `text` to the step's log as one plain line (see {@link logText}), never as a command. */
export function logLine(io: RunnerIo, text: string): void {
  io.write(`${logText(text)}\n`)
}

/** The value of input `name` as the runner passes it (`INPUT_` + upper case, hyphens kept), trimmed. */
export function readInput(io: RunnerIo, name: string): string {
  return (io.env[`INPUT_${name.replaceAll(' ', '_').toUpperCase()}`] ?? '').trim()
}

/** Hide `secret` in the rest of the job's log. */
export function addMask(io: RunnerIo, secret: string): void {
  if (secret !== '') io.write(`::add-mask::${escapeData(secret)}\n`)
}

/** An error annotation on the run. */
export function annotateError(io: RunnerIo, message: string, title?: string): void {
  const properties = title === undefined ? '' : ` title=${escapeProperty(title)}`
  io.write(`::error${properties}::${escapeData(message)}\n`)
}

/** A warning annotation on the run. */
export function annotateWarning(io: RunnerIo, message: string, title?: string): void {
  const properties = title === undefined ? '' : ` title=${escapeProperty(title)}`
  io.write(`::warning${properties}::${escapeData(message)}\n`)
}

/** An output the runner's file format cannot hold as one value. */
export class OutputFormatError extends Error {
  override readonly name = 'OutputFormatError'

  constructor(
    /** The output's name. */
    readonly output: string,
    rule: string,
  ) {
    super(`Output '${output}': ${rule}`)
  }
}

/**
 * Set the step's outputs, appended to `GITHUB_OUTPUT` in its `name<<DELIMITER` form with a
 * fresh random delimiter for each, so no value (lines included) can end its own and add
 * another output; logged as plain lines when there is no file.
 *
 * @throws {OutputFormatError} for a name other than letters, digits, `-` and `_`, or a value holding its delimiter
 */
export function setOutputs(io: RunnerIo, outputs: Readonly<Record<string, string>>): void {
  const file = io.env.GITHUB_OUTPUT
  for (const [name, value] of Object.entries(outputs)) {
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      throw new OutputFormatError(name, 'a name is letters, digits, - and _')
    if (file === undefined || file === '') {
      logLine(io, `${name}=${value}`)
      continue
    }
    const delimiter = `ghadelimiter_${randomUUID()}`
    if (value.includes(delimiter)) throw new OutputFormatError(name, 'the value holds its delimiter')
    appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
  }
}

/** Append markdown to the job summary (`GITHUB_STEP_SUMMARY`); nothing when there is none. */
export function appendSummary(io: RunnerIo, markdown: string): void {
  const file = io.env.GITHUB_STEP_SUMMARY
  if (file !== undefined && file !== '') appendFileSync(file, markdown)
}
