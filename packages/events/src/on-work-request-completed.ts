import type { StdioOptions } from 'node:child_process'
import type { DebusineClient } from '@debusine-ts/client'
import { silentLogger, type Transport } from '@debusine-ts/transport'
import { findCommand } from './command.js'
import { runCommand } from './run-command.js'
import { CompletionEvents, type CompletionEventsOptions } from './completion-events.js'
import type { CompletionEvent, SubscribeOptions } from './completion-subscription.js'
import { toMicroseconds } from './instant.js'
import { prepareLastCompletedAt, writeLastCompletedAt } from './last-completed-at-file.js'

/** Passed to {@link OnWorkRequestCompletedOptions.onCommandFinished}. */
export interface CommandFinishedInfo {
  /** The completion the command ran for. */
  event: CompletionEvent
  /** The arguments after the command: the extra ones, the id and the result. */
  argv: readonly string[]
  /** Its exit status (ignored otherwise), `null` when a signal ended it or it did not start. */
  exitCode: number | null
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null
  /** Why it did not start, if it did not. */
  error: Error | undefined
  /** Whether the shutdown grace period ran out and the command was killed (the completion is then not recorded). */
  cancelled: boolean
  /** How long it ran. */
  durationMs: number
}

/** Options of {@link onWorkRequestCompleted}. */
export interface OnWorkRequestCompletedOptions
  extends
    CompletionEventsOptions,
    Pick<SubscribeOptions, 'onConnect' | 'onDisconnect' | 'onReconnect' | 'workspaces'> {
  /** The program to run for each completion: a name on `PATH` or a path. No shell is involved. */
  command: string
  /** Arguments placed before the work request id and the result. */
  args?: readonly string[] | undefined
  /**
   * A file recording the `completed_at` of the latest completion handled, in the Python
   * client's format; read at start to replay what happened meanwhile, written after each
   * command. Created (holding `null`) when missing.
   */
  lastCompletedAt?: string | undefined
  /** Where the command runs; default the current directory. */
  workingDirectory?: string | undefined
  /** Stops listening; a running command gets `shutdownGraceMs` to finish. */
  signal?: AbortSignal | undefined
  /** How long a running command may go on after `signal` aborted, in milliseconds; default 30 000. */
  shutdownGraceMs?: number | undefined
  /** The command's standard streams; default inherited (as the Python client does). */
  stdio?: StdioOptions | undefined
  /** The command's environment; default this process's. */
  env?: NodeJS.ProcessEnv | undefined
  /** Called after each command. */
  onCommandFinished?: ((info: CommandFinishedInfo) => void) | undefined
}

/**
 * Run a command for each work request completion, one at a time, in order of arrival:
 * `command ...args <work request id> <result>` (the result is one argument, possibly
 * `temporary failure` or empty for a replayed abort). Runs until `signal` aborts, then
 * resolves once the running command has ended.
 *
 * @throws {CommandNotFoundError} when `command` is not executable (checked first)
 * @throws {LastCompletedAtFileError} when the last-completed-at file cannot be used
 * @throws {TokenRejectedError} when the channel refuses the token
 * @throws {ChannelRejectedError} when it refuses the connection for another reason (unknown workspace)
 * @example
 * const controller = new AbortController()
 * process.once('SIGTERM', () => controller.abort())
 * await onWorkRequestCompleted(client, {
 *   command: './notify', workspaces: ['developers'], lastCompletedAt: 'state.json', signal: controller.signal,
 * })
 */
export async function onWorkRequestCompleted(
  source: DebusineClient | Transport,
  options: OnWorkRequestCompletedOptions,
): Promise<void> {
  const logger = options.logger ?? silentLogger
  const workingDirectory = options.workingDirectory ?? process.cwd()
  await findCommand(options.command, workingDirectory, options.env?.PATH ?? process.env.PATH)
  const stateFile = options.lastCompletedAt
  const since = stateFile === undefined ? undefined : await prepareLastCompletedAt(stateFile)
  let recorded = since === undefined ? undefined : toMicroseconds(since)
  const stop = options.signal ?? new AbortController().signal
  const events = new CompletionEvents(source, options)
  const subscription = events.subscribe({
    signal: stop,
    workspaces: options.workspaces,
    completedAtSince: since,
    onConnect: options.onConnect,
    onDisconnect: options.onDisconnect,
    onReconnect: options.onReconnect,
  })
  try {
    for await (const event of subscription) {
      const argv = [...(options.args ?? []), String(event.work_request_id), event.result]
      logger.info('Running the command', { workRequestId: event.work_request_id, result: event.result })
      const outcome = await runCommand(options.command, argv, {
        workingDirectory,
        stdio: options.stdio ?? 'inherit',
        env: options.env ?? process.env,
        timeoutMs: undefined,
        killAfterMs: 5_000,
        cancel: stop,
        cancelGraceMs: options.shutdownGraceMs ?? 30_000,
      })
      const { exitCode, signal, error, cancelled, durationMs } = outcome
      const fields = { workRequestId: event.work_request_id, exitCode, signal, durationMs }
      if (error !== undefined)
        logger.error('The command did not start', { ...fields, error: error.message })
      else if (cancelled)
        logger.warn('The command was stopped at shutdown; the completion is not recorded', fields)
      else logger.info('The command finished', fields)
      // The exit status does not matter (as in the Python client); a killed command means
      // the completion was not handled, so it stays to be replayed at the next start.
      if (stateFile !== undefined && !cancelled) {
        const instant = toMicroseconds(event.completed_at)
        if (recorded === undefined || instant > recorded) {
          await writeLastCompletedAt(stateFile, event.completed_at)
          recorded = instant
        }
      }
      try {
        options.onCommandFinished?.({ event, argv, exitCode, signal, error, cancelled, durationMs })
      } catch (hookError) {
        logger.error('The onCommandFinished hook threw; ignoring it', { error: String(hookError) })
      }
    }
  } finally {
    subscription.close()
  }
}
