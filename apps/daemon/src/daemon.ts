import { resolve } from 'node:path'
import { SdkError } from '@debusine-ts/models'
import type { Logger } from '@debusine-ts/transport'
import {
  ChannelRejectedError,
  CommandNotFoundError,
  LastCompletedAtFileError,
  TokenDisabledError,
  TokenRejectedError,
} from '@debusine-ts/events'
import { ClientConfigError, readClientConfig, type ConfiguredServer } from '@debusine-ts/client'
import { parseArguments, usage } from './arguments.js'
import { exitCodes, UsageError, type ExitCode } from '@debusine-ts/cli-kit'
import { jsonLogger, type LineSink } from './json-logger.js'
import { serve } from './daemon-service.js'
import { InFlightFileError } from './in-flight-file.js'

/** What {@link runDaemon} runs with; the binary passes the process's own. */
export interface DaemonContext {
  /** The arguments after the program name. */
  argv: readonly string[]
  env: Readonly<Record<string, string | undefined>>
  /** Where the JSON log lines go (stderr). */
  stderr: LineSink
  /** Where `--help` and `--version` go (stdout). */
  stdout: LineSink
  /** Aborted to stop: the listener stops and the running commands get the grace period. */
  signal: AbortSignal
  /**
   * Registers what a reload does (the binary calls it on SIGHUP: the configuration file is
   * read again and the channel resubscribes with it); returns the removal. None: no reload.
   */
  onReload?: ((listener: () => void) => () => void) | undefined
  /** The working directory of the commands; default the current directory. */
  cwd?: string | undefined
  /** The daemon's version, for `--version` and the user agent. */
  version: string
}

/**
 * Run the daemon until `signal` aborts or a fatal error, and return its exit status
 * (the suite's `exitCodes`). Never exits the process itself.
 *
 * @example
 * const controller = new AbortController()
 * process.once('SIGTERM', () => controller.abort())
 * process.exitCode = await runDaemon({ argv: process.argv.slice(2), env: process.env,
 *   stdout: process.stdout, stderr: process.stderr, signal: controller.signal, version: '1.0.0' })
 */
export async function runDaemon(context: DaemonContext): Promise<ExitCode> {
  let parsed
  try {
    parsed = parseArguments(context.argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    context.stderr.write(`debusine-ts-daemon: ${error.message}\n\n${usage}`)
    return exitCodes.usage
  }
  if (parsed.help) {
    context.stdout.write(usage)
    return exitCodes.success
  }
  if (parsed.version) {
    context.stdout.write(`${context.version}\n`)
    return exitCodes.success
  }
  const server = await readServer(parsed, context)
  if (typeof server === 'number') return server
  const logger = jsonLogger(context.stderr, { level: parsed.debug ? 'debug' : 'info', secret: server.token })
  const cwd = context.cwd ?? process.cwd()
  const stateFile = parsed.lastCompletedAt === undefined ? undefined : resolve(cwd, parsed.lastCompletedAt)
  logger.info('Starting', {
    server: server.name,
    apiUrl: server.apiUrl,
    workspaces: parsed.workspaces.length > 0 ? parsed.workspaces : 'all',
    command: parsed.command,
    lastCompletedAt: stateFile,
    jobs: parsed.jobs,
    queueLimit: parsed.queueLimit,
    commandTimeoutSeconds: parsed.commandTimeoutSeconds ?? null,
    retries: parsed.retries,
  })
  logWarnings(logger, server)
  try {
    await serve(
      {
        parsed,
        env: context.env,
        cwd,
        stateFile,
        version: context.version,
        logger,
        signal: context.signal,
        onReload: context.onReload,
        readServer: async () =>
          logWarnings(
            logger,
            await readClientConfig({
              configFile: parsed.configFile,
              server: parsed.server,
              env: context.env,
            }),
          ),
      },
      server,
    )
    logger.info('Stopped', { exitCode: exitCodes.success })
    return exitCodes.success
  } catch (error) {
    return reportFailure(error, logger, server.name)
  }
}

/** Log the warnings of the configuration (file permissions, a clear-text token), each time it is read. */
function logWarnings(logger: Logger, server: ConfiguredServer): ConfiguredServer {
  for (const warning of server.warnings) logger.warn(warning, { code: 'client_config_warning' })
  return server
}

/** The configured server, or the exit status after saying why there is none. */
async function readServer(
  parsed: ReturnType<typeof parseArguments>,
  context: DaemonContext,
): Promise<ConfiguredServer | ExitCode> {
  try {
    return await readClientConfig({ configFile: parsed.configFile, server: parsed.server, env: context.env })
  } catch (error) {
    if (!ClientConfigError.isInstance(error)) throw error
    jsonLogger(context.stderr, { level: parsed.debug ? 'debug' : 'info' }).error(error.message, {
      code: error.code,
      exitCode: exitCodes.handled,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    })
    return exitCodes.handled
  }
}

/** Log the error that ended the daemon, with a hint, and return its exit status. */
function reportFailure(error: unknown, logger: Logger, serverName: string): ExitCode {
  const exitCode = exitCodeOf(error)
  const message = error instanceof Error ? error.message : String(error)
  const hint =
    exitCode === exitCodes.tokenRefused
      ? `check the token of [server:${serverName}] (it must be an enabled user token)`
      : undefined
  logger.error(message, {
    code: SdkError.isInstance(error) ? error.code : 'unexpected',
    exitCode,
    ...(hint === undefined ? {} : { hint }),
    ...(exitCode === exitCodes.unexpected && error instanceof Error ? { stack: error.stack } : {}),
  })
  return exitCode
}

function exitCodeOf(error: unknown): ExitCode {
  if (TokenRejectedError.isInstance(error) || TokenDisabledError.isInstance(error))
    return exitCodes.tokenRefused
  if (
    ChannelRejectedError.isInstance(error) ||
    CommandNotFoundError.isInstance(error) ||
    LastCompletedAtFileError.isInstance(error) ||
    InFlightFileError.isInstance(error) ||
    ClientConfigError.isInstance(error) ||
    (SdkError.isInstance(error) && error.code === 'validation_failed')
  ) {
    return exitCodes.handled
  }
  return exitCodes.unexpected
}
