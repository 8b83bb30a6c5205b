import type { RequestOptions } from '@debusine-ts/transport'
import { ActionOutcomeUnknownError, type ActionOptions } from '../errors/action-outcome.js'
import { shortly, uncertainty } from './create-once.js'

/** What the server shows after an action whose answer was lost. */
export type ReadBack<Result> =
  /** The action was applied: its result, read from the server. */
  | { state: 'applied'; value: Result }
  /** The server shows it was not applied: sending it (again) is safe. */
  | { state: 'not-applied' }
  /** The server's state does not tell, for `why`. */
  | { state: 'unknown'; why: string }

/** How to perform one action without ever applying it twice, or reporting a false failure. */
export interface ActOnce<Result> {
  /** The action, for messages: `abort of work request 42`. */
  what: string
  /** How to check by hand, for the error: e.g. `` `debusine-ts work-request show 42` ``. */
  check: string
  /**
   * Send the action once: it must pass `idempotent: false` (for a method the transport
   * takes as repeatable) and `retryStaleConnection: false` to the transport, for an answer
   * lost on a reused connection looks like a kept-alive connection closed before any answer.
   */
  send: (options: RequestOptions) => Promise<Result>
  /** Read the outcome back from the server; `since` is when the action began (ms since the epoch, our clock). */
  readBack: (since: number, options: RequestOptions) => Promise<ReadBack<Result>>
}

/**
 * Perform an action once. When its answer is lost (the server may have acted), read the
 * outcome back: applied, it is returned (`onRecovered` says so); shown not applied, it is
 * sent again (up to `maxRetries`, default 2); undecided, {@link ActionOutcomeUnknownError}.
 * A refusal of a resend (e.g. `Cannot abort work request`: the first one was applied
 * meanwhile) is read back too before it is reported.
 */
export async function actOnce<Result>(spec: ActOnce<Result>, options: ActionOptions = {}): Promise<Result> {
  const { onRecovered, ...requestOptions } = options
  const started = Date.now()
  const resends = requestOptions.maxRetries ?? 2
  const readOptions = { ...requestOptions, maxRetries: Math.max(resends, 2) }
  let lost: Error | undefined
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await spec.send(requestOptions)
    } catch (error) {
      const unknown = uncertainty(error) !== undefined
      if (!unknown && lost === undefined) throw error
      lost = unknown ? (error as Error) : lost
      const outcome = await spec.readBack(started, readOptions)
      if (outcome.state === 'applied') {
        onRecovered?.({
          note: `The answer to the ${spec.what} was lost (${shortly(lost as Error)}); the server shows it applied.`,
          cause: lost as Error,
        })
        return outcome.value
      }
      if (!unknown) throw error
      if (outcome.state === 'unknown' || attempt >= resends) {
        throw new ActionOutcomeUnknownError({
          what: spec.what,
          startedAt: new Date(started).toISOString(),
          check: spec.check,
          reason: shortly(error as Error),
          why:
            outcome.state === 'unknown'
              ? outcome.why
              : `it still was not applied after ${attempt + 1} attempts`,
          cause: error as Error,
        })
      }
    }
  }
}
