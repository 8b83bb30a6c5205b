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

/** Set the step's outputs (appended to `GITHUB_OUTPUT`, multi-line safe); logged when there is no file. */
export function setOutputs(io: RunnerIo, outputs: Readonly<Record<string, string>>): void {
  const file = io.env.GITHUB_OUTPUT
  for (const [name, value] of Object.entries(outputs)) {
    if (file === undefined || file === '') {
      io.write(`${name}=${value}\n`)
      continue
    }
    const delimiter = `ghadelimiter_${randomUUID()}`
    appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
  }
}

/** Append markdown to the job summary (`GITHUB_STEP_SUMMARY`); nothing when there is none. */
export function appendSummary(io: RunnerIo, markdown: string): void {
  const file = io.env.GITHUB_STEP_SUMMARY
  if (file !== undefined && file !== '') appendFileSync(file, markdown)
}
