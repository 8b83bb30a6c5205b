import type { StdioOptions } from 'node:child_process'
import {
  runCommand,
  succeeded,
  type CommandResult,
  type CompletionEvent,
} from '@debusine-ts/events'
import { WorkRequestResult } from '@debusine-ts/models'
import { backoffDelay, pause, type Logger } from '@debusine-ts/transport'
import type { CompletionLedger } from './completion-ledger.js'
import type { DaemonStatus } from './daemon-status.js'

/** How each completion's command runs; one object for the whole daemon. */
export interface JobSettings {
  command: string
  /** Placed before the work request id and the result. */
  args: readonly string[]
  workingDirectory: string
  env: NodeJS.ProcessEnv
  stdio: StdioOptions
  /** The per-attempt time limit in milliseconds; none when undefined. */
  timeoutMs: number | undefined
  /** Between SIGTERM and SIGKILL, in milliseconds. */
  killAfterMs: number
  /** Further attempts after a failed or timed-out one. */
  retries: number
  /** The first wait before a retry, doubled each time (with jitter), in milliseconds. */
  retryDelayMs: number
  /** Aborted at shutdown: no more retries; a running command gets `shutdownGraceMs`. */
  stop: AbortSignal
  shutdownGraceMs: number
  ledger: CompletionLedger
  status: DaemonStatus
  logger: Logger
}

const maxRetryDelayMs = 300_000

/** What the command is given for a result the daemon does not know. */
export const UNKNOWN_RESULT_ARGUMENT = 'unknown'

const knownResults: ReadonlySet<string> = new Set(Object.values(WorkRequestResult))

/**
 * The result as the command's argument: a known result as it is, anything else (a newer
 * server's value, or text crafted to look like an option or to carry a newline) as
 * {@link UNKNOWN_RESULT_ARGUMENT}, logged once with the value received.
 */
export function resultArgument(event: CompletionEvent, logger: Logger): string {
  if (knownResults.has(event.result)) return event.result
  logger.warn('Unknown result: the command is given "unknown"', {
    workRequestId: event.work_request_id,
    result: event.result,
  })
  return UNKNOWN_RESULT_ARGUMENT
}

function outcomeOf(result: CommandResult): string {
  if (result.error !== undefined) return 'not started'
  if (result.timedOut) return 'timed out'
  if (result.cancelled) return 'stopped at shutdown'
  return result.exitCode === 0 ? 'succeeded' : 'failed'
}

function count(status: DaemonStatus, result: CommandResult): void {
  if (result.timedOut) status.commands.timedOut += 1
  else if (succeeded(result)) status.commands.succeeded += 1
  else if (!result.cancelled) status.commands.failed += 1
}

async function attempt(
  event: CompletionEvent,
  settings: JobSettings,
  number: number,
  result: string,
): Promise<CommandResult> {
  const argv = [...settings.args, String(event.work_request_id), result]
  const fields = { workRequestId: event.work_request_id, result, attempt: number }
  settings.status.commands.started += 1
  settings.logger.info('Command started', {
    ...fields,
    completedAt: event.completed_at,
    sinceCompletionMs: Date.now() - Date.parse(event.completed_at),
  })
  const ran = await runCommand(settings.command, argv, {
    workingDirectory: settings.workingDirectory,
    env: settings.env,
    stdio: settings.stdio,
    timeoutMs: settings.timeoutMs,
    killAfterMs: settings.killAfterMs,
    cancel: settings.stop,
    cancelGraceMs: settings.shutdownGraceMs,
  })
  count(settings.status, ran)
  const ended = {
    ...fields,
    outcome: outcomeOf(ran),
    exitCode: ran.exitCode,
    signal: ran.signal,
    durationMs: ran.durationMs,
    ...(ran.error === undefined ? {} : { error: ran.error.message }),
  }
  if (succeeded(ran)) settings.logger.info('Command ended', ended)
  else settings.logger.warn('Command ended', ended)
  return ran
}

/**
 * Run the command for one completion (its work request id and result as the last two
 * arguments, the result only if known, see {@link resultArgument}): up to `1 + retries` attempts while it fails or times
 * out (exponential backoff with jitter between them), then record the completion as done,
 * whatever the last outcome. A command stopped at shutdown, or a retry cut short by it,
 * is not recorded: the completion runs again at the next start.
 *
 * @throws {InFlightFileError} or `LastCompletedAtFileError` when the record cannot be written
 */
export async function runCompletionJob(event: CompletionEvent, settings: JobSettings): Promise<void> {
  const argument = resultArgument(event, settings.logger)
  for (let number = 1; ; number += 1) {
    const result = await attempt(event, settings, number, argument)
    if (result.cancelled) return
    if (succeeded(result) || number > settings.retries) break
    const retryInMs = backoffDelay(number, { initialMs: settings.retryDelayMs, maxMs: maxRetryDelayMs })
    settings.logger.info('Retrying the command', { workRequestId: event.work_request_id, retryInMs })
    await pause(retryInMs, settings.stop)
    if (settings.stop.aborted) {
      settings.logger.warn('Shutting down: the retry is left for the next start', {
        workRequestId: event.work_request_id,
      })
      return
    }
  }
  await settings.ledger.finish(event)
  settings.status.commands.completions += 1
}
