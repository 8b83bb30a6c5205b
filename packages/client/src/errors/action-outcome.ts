import { SdkError } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'

/** Passed to {@link ActionOptions.onRecovered}. */
export interface ActionRecovery {
  /** What happened, for the user: the answer was lost and the server showed the action applied. */
  note: string
  /** The failure that lost the answer. */
  cause: Error
}

/**
 * Options of the actions whose answer may be lost after the server acted (abort, unblock,
 * confirm, a collection item's removal): the outcome is then read back from the server.
 */
export interface ActionOptions extends RequestOptions {
  /** Called when the answer was lost and the server was then seen to have applied the action. */
  onRecovered?: ((recovery: ActionRecovery) => void) | undefined
}

/** What {@link ActionOutcomeUnknownError} is built from. */
export interface ActionOutcomeUnknownErrorInit {
  /** The action, e.g. `abort of work request 42`. */
  what: string
  /** When the action began (ISO 8601). */
  startedAt: string
  /** How to check by hand, e.g. `` `debusine-ts work-request show 42` ``. */
  check: string
  /** The failure that left the outcome unknown, in a few words. */
  reason: string
  /** Why reading the server's state back did not decide it. */
  why: string
  /** The failure that left the outcome unknown. */
  cause: Error
}

/**
 * An action went out and no answer came back, and what the server shows afterwards does not
 * tell whether it was applied (e.g. someone else changed the same object meanwhile). It was
 * not sent again. Check, then run it again if needed. Code `action_outcome_unknown` (the CLI
 * exits with 4, as for a create whose outcome is unknown); not retryable as such.
 *
 * @example
 * try { await client.workRequests.unblock(42, { action: 'accept' }) } catch (error) {
 *   if (ActionOutcomeUnknownError.isInstance(error)) console.error(error.message) // says what to check
 * }
 */
export class ActionOutcomeUnknownError extends SdkError {
  static override readonly errorName: string = 'ActionOutcomeUnknownError'

  /** When the action began (ISO 8601). */
  readonly startedAt: string

  constructor(init: ActionOutcomeUnknownErrorInit) {
    super(
      `The answer to the ${init.what} was lost (${init.reason}), and the server's state does not tell ` +
        `whether it was applied: ${init.why}. It was not sent again. Check with ${init.check}, and run ` +
        'the same command again only if it is needed.',
      'action_outcome_unknown',
      { cause: init.cause },
    )
    this.startedAt = init.startedAt
  }
}
