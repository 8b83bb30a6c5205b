import { SdkError } from '@debusine-ts/models'
import type { RequestOptions } from '@debusine-ts/transport'

/** Passed to {@link CreateOptions.onRecovered}. */
export interface CreateRecovery {
  /** What happened, for the user: the answer was lost and the object was found on the server. */
  note: string
  /** The failure that lost the answer. */
  cause: Error
}

/** Options of the operations that create something (work requests, workflows, collections, templates). */
export interface CreateOptions extends RequestOptions {
  /**
   * Called when the answer to the create was lost (the outcome was unknown) and the object
   * was then found on the server: the create returns it, and this says so.
   */
  onRecovered?: ((recovery: CreateRecovery) => void) | undefined
}

/** What {@link CreateOutcomeUnknownError} is built from. */
export interface CreateOutcomeUnknownErrorInit {
  /** What was being created, e.g. `work request of task "noop" in workspace "System"`. */
  what: string
  /** When the create began (ISO 8601). */
  startedAt: string
  /** How to check by hand, e.g. `debusine-ts work-request list`. */
  check: string
  /** The failure that left the outcome unknown, in a few words; default the cause's message. */
  reason?: string | undefined
  /** The failure that left the outcome unknown. */
  cause: Error
}

/**
 * A create went out and no answer came back, and looking on the server for what it would
 * have created found nothing that can be told apart with certainty: it may or may not
 * exist. The create was not sent again (that could duplicate work on the server). Check, then
 * run it again if it is not there. Code `create_outcome_unknown`; not retryable as such.
 *
 * @example
 * try { await client.workRequests.create(request) } catch (error) {
 *   if (CreateOutcomeUnknownError.isInstance(error)) console.error(error.message) // says what to check
 * }
 */
export class CreateOutcomeUnknownError extends SdkError {
  static override readonly errorName: string = 'CreateOutcomeUnknownError'

  /** When the create began (ISO 8601): anything it created is newer. */
  readonly startedAt: string

  constructor(init: CreateOutcomeUnknownErrorInit) {
    super(
      `The answer to the create was lost (${init.reason ?? init.cause.message.replace(/\.$/, '')}): the server may or may not have created the ` +
        `${init.what}, and none created since ${init.startedAt} was found. It was not sent again, so as ` +
        `not to create it twice. Check with ${init.check}, and run the same command again only if it is not there.`,
      'create_outcome_unknown',
      { cause: init.cause },
    )
    this.startedAt = init.startedAt
  }
}
