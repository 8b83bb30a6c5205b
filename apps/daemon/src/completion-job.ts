import type { StdioOptions } from 'node:child_process'
import type { CompletionEvent } from '@debusine-ts/events'
import { backoffDelay, pause, type Logger } from '@debusine-ts/transport'
import type { CompletionLedger } from './completion-ledger.js'
import { runCommand, succeeded, type CommandResult } from './command-runner.js'
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
): Promise<CommandResult> {
  const argv = [...settings.args, String(event.work_request_id), event.result]
  const fields = { workRequestId: event.work_request_id, result: event.result, attempt: number }
  settings.status.commands.started += 1
  settings.logger.info('Command started', {
    ...fields,
    completedAt: event.completed_at,
    sinceCompletionMs: Date.now() - Date.parse(event.completed_at),
  })
  const result = await runCommand(settings.command, argv, {
    workingDirectory: settings.workingDirectory,
    env: settings.env,
    stdio: settings.stdio,
    timeoutMs: settings.timeoutMs,
    killAfterMs: settings.killAfterMs,
    cancel: settings.stop,
    cancelGraceMs: settings.shutdownGraceMs,
  })
  count(settings.status, result)
  const ended = {
    ...fields,
    outcome: outcomeOf(result),
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    ...(result.error === undefined ? {} : { error: result.error.message }),
  }
  if (succeeded(result)) settings.logger.info('Command ended', ended)
  else settings.logger.warn('Command ended', ended)
  return result
}

/**
 * Run the command for one completion: up to `1 + retries` attempts while it fails or times
 * out (exponential backoff with jitter between them), then record the completion as done,
 * whatever the last outcome. A command stopped at shutdown, or a retry cut short by it,
 * is not recorded: the completion runs again at the next start.
 *
 * @throws {InFlightFileError} or `LastCompletedAtFileError` when the record cannot be written
 */
export async function runCompletionJob(event: CompletionEvent, settings: JobSettings): Promise<void> {
  for (let number = 1; ; number += 1) {
    const result = await attempt(event, settings, number)
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
