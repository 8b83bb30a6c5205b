import { CliError, ReportedFailure } from './cli-error.js'
import type { OutputFormat } from './command-context.js'
import { isSdkError } from './error-kind.js'
import { exitCodes } from './exit-codes.js'
import type { Io } from './io.js'
import { UsageError } from './usage-error.js'
import { toYaml } from './yaml-output.js'

/** What the error printer needs to know about the run. */
export interface ErrorReportSettings {
  /** The program's name, first in usage errors (`debusine-ts: error: …`). */
  readonly programName: string
  readonly io: Io
  readonly format: OutputFormat
  readonly debug: boolean
  /** The usage line of the command, for usage errors. */
  readonly usage?: string | undefined
  /** Abort caused by SIGINT/SIGTERM. */
  readonly interrupted: boolean
}

interface ApiErrorLike {
  status: number
  title: string
  detail: unknown
  validationErrors: Record<string, readonly string[]> | undefined
  hint: string | undefined
  message: string
}

function serverFailure(error: ApiErrorLike): Record<string, unknown> {
  const body: Record<string, unknown> = { title: error.title }
  if (error.detail !== undefined && error.detail !== null) body.detail = error.detail
  if (error.validationErrors !== undefined) body.validation_errors = error.validationErrors
  body.status_code = error.status
  return { result: 'failure', error: body }
}

/** Print a refusal of the server as the YAML document `{result: failure, error}` on stderr. */
export async function writeYamlFailure(io: Io, error: unknown, prefix?: string): Promise<void> {
  const yaml = await toYaml(serverFailure(error as ApiErrorLike))
  io.stderr.write(`${prefix === undefined ? '' : `${prefix}\n\n`}${yaml}`)
}

/**
 * Run `call`; a refusal of the server is printed as the Python client prints it for some
 * commands (lookups, workspace inheritance, relation targets): the YAML document
 * `{result: failure, error}` on stderr, after `prefix` if given, then exit code 3.
 *
 * @throws {ReportedFailure} after printing a server error
 */
export async function withYamlFailure<Result>(
  io: Io,
  call: () => Promise<Result>,
  prefix?: string,
): Promise<Result> {
  try {
    return await call()
  } catch (error) {
    if (!isSdkError(error, 'ApiError')) throw error
    await writeYamlFailure(io, error, prefix)
    throw new ReportedFailure(exitCodes.handled, { cause: error })
  }
}

/** A refusal of the server for humans: status and title, detail, validation errors, a hint. */
function apiErrorLines(apiError: ApiErrorLike): string[] {
  const lines = [`Error (${apiError.status}): ${apiError.title}`]
  if (typeof apiError.detail === 'string' && apiError.detail !== '') lines.push(apiError.detail)
  else if (apiError.detail !== undefined && apiError.detail !== null) {
    lines.push(JSON.stringify(apiError.detail, null, 2))
  }
  if (apiError.validationErrors !== undefined) lines.push(JSON.stringify(apiError.validationErrors, null, 2))
  if (apiError.hint !== undefined) lines.push(`Hint: ${apiError.hint}`)
  else if (apiError.status === 403) {
    lines.push('Hint: check the token of this server in the config file, and your role in the workspace.')
  } else if (apiError.status === 401) {
    lines.push('Hint: the token is missing or not accepted; check the config file or run setup.')
  }
  return lines
}

/**
 * The one place that turns an error into output and an exit code (docs/protocol.md §15):
 * usage errors 2; every handled error 3 (config, server problems, not found, forbidden,
 * connection, local validation); an interruption 0; anything else is a bug: 1, with a
 * hint to rerun with `--debug` for the stack trace. The token never appears: the
 * transport's errors are already redacted and the config's errors never quote it.
 */
export async function reportError(error: unknown, settings: ErrorReportSettings): Promise<number> {
  const { io } = settings
  const line = (text: string): void => {
    io.stderr.write(`${text}\n`)
  }
  const machine = async (value: unknown): Promise<void> => {
    if (settings.format === 'json') io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
    else if (settings.format === 'yaml') io.stdout.write(await toYaml(value))
  }
  // A handled error: `{result: failure, error: {title}}` with --json/--yaml, then its lines.
  const failure = async (title: string, lines: readonly (string | undefined)[], exitCode: number) => {
    await machine({ result: 'failure', error: { title } })
    for (const text of lines) if (text !== undefined) line(text)
    return exitCode
  }
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof UsageError) {
    if (settings.usage !== undefined) line(settings.usage)
    line(`${[settings.programName, ...error.command].join(' ')}: error: ${error.message}`)
    return exitCodes.usage
  }
  if (error instanceof ReportedFailure) return error.exitCode
  if (error instanceof CliError) return failure(message, [`Error: ${message}`, error.hint], error.exitCode)
  if (isSdkError(error, 'AbortError') && settings.interrupted) return exitCodes.success
  if (isSdkError(error, 'ClientConfigError')) {
    const { hint } = error as { hint?: string | undefined }
    return failure(message, [`Error: ${message}`, hint], exitCodes.handled)
  }
  if (isSdkError(error, 'ApiError')) {
    await machine(serverFailure(error as ApiErrorLike))
    for (const text of apiErrorLines(error as ApiErrorLike)) line(text)
    return exitCodes.handled
  }
  if (isSdkError(error, 'ConnectionError')) {
    const title = `Error connecting to debusine: ${message}`
    const hint = "Hint: check the server's api-url in the config file, and that the server is up."
    return failure(title, [title, hint], exitCodes.handled)
  }
  if (isSdkError(error, 'ResponseValidationError')) {
    const text = `Error: the server sent an unexpected response: ${message}`
    return failure(message, [text], exitCodes.handled)
  }
  if (isSdkError(error, 'CreateOutcomeUnknownError') || isSdkError(error, 'ActionOutcomeUnknownError')) {
    const hint =
      'Hint: nothing was sent twice; check as the message says before running the command again (exit code 4).'
    return failure(message, [`Error: ${message}`, hint], exitCodes.outcomeUnknown)
  }
  if (isSdkError(error, 'ServerTooOldError')) {
    return failure(message, [`Error: ${message}`], exitCodes.serverTooOld)
  }
  if (isSdkError(error, 'SdkError')) return failure(message, [`Error: ${message}`], exitCodes.handled)
  line(`${settings.programName}: unexpected error: ${message}`)
  if (settings.debug) {
    if (error instanceof Error && error.stack !== undefined) line(error.stack)
  } else {
    line(
      `This is a bug in ${settings.programName}: rerun with --debug all to see where it happened, and report it.`,
    )
  }
  return exitCodes.unexpected
}
