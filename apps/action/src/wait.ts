import type { CompletionEvents } from '@debusine-ts/events'
import type { WorkRequest } from '@debusine-ts/models'
import {
  AbortError,
  ConnectionError,
  RateLimitError,
  ServerError,
  sleep,
  TimeoutError,
} from '@debusine-ts/transport'

// How long after the deadline a wait stuck on an unreachable server (a channel that cannot
// connect) is cut: before that, the wait's own limit ends it with the last state read.
const deadlineGraceMs = 5_000

/** The server could not be reached when the action's `timeout` expired. */
export class ServerAwayError extends Error {
  override readonly name = 'ServerAwayError'

  constructor(
    /** The work request as last read. */
    readonly workRequest: WorkRequest,
    /** The action's timeout, in milliseconds. */
    readonly timeoutMs: number,
    /** When a read first failed; undefined when the channel could not connect again before. */
    readonly since: Date | undefined,
    cause: unknown,
  ) {
    const when = since === undefined ? '' : ` since ${since.toISOString()}`
    super(`the server could not be reached${when}`, { cause })
  }
}

/** Options of {@link waitThroughOutages}. */
export interface OutageWaitOptions {
  /** Milliseconds; undefined: no limit. */
  timeoutMs: number | undefined
  /** Milliseconds between the safety polls, and between two tries while the server is away. */
  pollIntervalMs: number
  /** Told each time the server could not be reached (after the client's own retries). */
  onOutage: (error: Error) => void
}

/** A failure of the server or the network that outlasted the client's retries: waiting on may see it back. */
function serverAway(error: unknown): error is Error {
  return (
    ConnectionError.isInstance(error) ||
    TimeoutError.isInstance(error) ||
    ServerError.isInstance(error) ||
    RateLimitError.isInstance(error)
  )
}

/**
 * Wait for `started` to finish, through server restarts and network outages: the channel
 * reconnects by itself, and a read that fails even after the client's retries starts the
 * wait again after `pollIntervalMs`, until `timeoutMs` (from now) expires.
 *
 * @throws {WorkRequestWaitTimeoutError} when the timeout expires with the server reachable
 * @throws {ServerAwayError} when it expires while the server cannot be reached
 */
export async function waitThroughOutages(
  events: CompletionEvents,
  started: WorkRequest,
  options: OutageWaitOptions,
): Promise<WorkRequest> {
  const { timeoutMs, pollIntervalMs } = options
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs
  let last = started
  let awaySince: Date | undefined
  for (;;) {
    const remaining = Math.max(0, deadline - Date.now())
    try {
      return await events.waitForCompletion(started.id, {
        workspace: started.workspace,
        maxWait: timeoutMs === undefined ? undefined : remaining,
        pollInterval: pollIntervalMs,
        onUpdate: (request) => {
          // Called on the first read of each try: the server answers again.
          last = request
          awaySince = undefined
        },
        signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(remaining + deadlineGraceMs),
      })
    } catch (error) {
      const expired = Date.now() >= deadline
      if (serverAway(error)) {
        awaySince ??= new Date()
        options.onOutage(error)
        if (!expired) {
          await sleep(Math.min(pollIntervalMs, deadline - Date.now()))
          continue
        }
      } else if (!(expired && (awaySince !== undefined || AbortError.isInstance(error)))) {
        throw error
      }
      throw new ServerAwayError(last, timeoutMs ?? 0, awaySince, error)
    }
  }
}
