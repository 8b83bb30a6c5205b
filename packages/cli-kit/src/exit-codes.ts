// Only a type of models: the kit loads at every start of a program, models' schemas when needed.
import type { WorkRequest } from '@debusine-ts/models'

/**
 * The exit codes of the suite's programs (the `debusine-ts` CLI and `debusine-ts-daemon`).
 * 0-3 are the Python client's (docs/protocol.md §15), kept so scripts keep working: every
 * handled error is 3 there (not found, forbidden, connection errors included), so a finer
 * split of 3 would break them. 4 is new: a create whose outcome is unknown (running the
 * command again blindly could make a second one). 5 is the daemon's refused token (the CLI
 * keeps 3 for it, as the Python client). 6 is new: the server's Debusine version lacks the
 * operation (the Python client gets a raw 404, 3). The codes from 10 are new too: the result of a
 * work request followed with `--wait` or `work-request watch`.
 */
export const exitCodes = {
  /** Success: the operation completed (never after an interrupt stopped it); the daemon stopped cleanly. */
  success: 0,
  /** An unexpected error (a bug), or the daemon's shutdown forced after its grace period. */
  unexpected: 1,
  /** Bad command line; unreadable `--data` file. */
  usage: 2,
  /** Every handled error: config, server, not found, forbidden, connection, validation. */
  handled: 3,
  /**
   * The answer to a create was lost and the client could not find what it made: it may or
   * may not exist. Also an action (abort, review, confirmation) whose answer was lost and
   * whose outcome the server's state does not tell. Check (the message says how) before
   * running the command again.
   */
  outcomeUnknown: 4,
  /** The daemon: the server refused the token (unknown, disabled, or not a user's token). */
  tokenRefused: 5,
  /**
   * The server is too old for the operation (`ServerTooOldError`): nothing was sent. The one
   * line on stderr names the operation, the server's Debusine version and the first that has it.
   */
  serverTooOld: 6,
  /** The work request completed with result `failure`. */
  failure: 10,
  /** The work request completed with result `error`. */
  error: 11,
  /** The work request was aborted. */
  aborted: 12,
  /** `--timeout` expired before the work request completed. */
  timeout: 13,
  /** Interrupted by SIGINT (128 + 2) before the operation completed; SIGTERM gives 143 (see `interruptExitCodes`). */
  interrupted: 130,
} as const

/** One of {@link exitCodes}. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes]

// Every other result (failure, temporary failure, none, one a newer server adds) is a failure.
const resultExitCodes = new Map<string, ExitCode>([
  ['success', exitCodes.success],
  ['skipped', exitCodes.success],
  ['error', exitCodes.error],
])

/**
 * The exit code a finished work request stands for: 0 success or skipped, 10 failure, 11
 * error, 12 aborted (`--wait`, `work-request watch`).
 */
export function workRequestExitCode(request: Pick<WorkRequest, 'status' | 'result'>): ExitCode {
  if (request.status === 'aborted') return exitCodes.aborted
  return resultExitCodes.get(request.result) ?? exitCodes.failure
}
