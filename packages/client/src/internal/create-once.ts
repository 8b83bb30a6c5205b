import { ConnectionError, ServerError, type RequestOptions } from '@debusine-ts/transport'
import { CreateOutcomeUnknownError, type CreateOptions } from '../resources/create-outcome.js'

/** How to create one kind of object without ever creating it twice. */
export interface CreateOnce<Created> {
  /** What is being created, for messages: `work request of task "noop" in workspace "System"`. */
  what: string
  /** How to check by hand, for the error: e.g. `` `debusine-ts work-request list` ``. */
  check: string
  /** Send the create once; it must pass `retryStaleConnection: false` to the transport. */
  send: (options: RequestOptions) => Promise<Created>
  /** Look on the server for what the create made since `since` (ms since the epoch); undefined if nothing. */
  find: (since: number, options: RequestOptions) => Promise<Created | undefined>
}

// Our clock and the server's may disagree a little: look this much further back.
const clockSlackMs = 2_000

/** Whether a failure leaves open whether the server acted, with what is known about it. */
function uncertainty(error: unknown): { stale: boolean } | undefined {
  if (ConnectionError.isInstance(error) && error.delivery !== 'not-sent') {
    return { stale: error.delivery === 'stale-connection' }
  }
  // A gateway's 502/503/504 says nothing about what the application did behind it.
  if (ServerError.isInstance(error) && [502, 503, 504].includes(error.status)) return { stale: false }
  return undefined
}

/**
 * Create something once. A failure that proves nothing was sent is retried by the
 * transport. When the outcome is unknown, look for the object on the server: found, it is
 * returned (and `onRecovered` says so); not found after a reused connection was closed
 * before any answer (the server did not take the request up), the create is sent again;
 * otherwise {@link CreateOutcomeUnknownError}. Never a blind retry.
 */
export async function createOnce<Created>(
  spec: CreateOnce<Created>,
  options: CreateOptions = {},
): Promise<Created> {
  const { onRecovered, ...requestOptions } = options
  const started = Date.now() - clockSlackMs
  const resends = requestOptions.maxRetries ?? 2
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await spec.send(requestOptions)
    } catch (error) {
      const unknown = uncertainty(error)
      if (unknown === undefined) throw error
      const found = await spec.find(started, { ...requestOptions, maxRetries: Math.max(resends, 2) })
      if (found !== undefined) {
        onRecovered?.({
          note: `The answer to the create was lost (${(error as Error).message.replace(/\.$/, '')}); the ${spec.what} was found on the server.`,
          cause: error as Error,
        })
        return found
      }
      if (!unknown.stale || attempt >= resends) {
        throw new CreateOutcomeUnknownError({
          what: spec.what,
          startedAt: new Date(started).toISOString(),
          check: spec.check,
          cause: error as Error,
        })
      }
    }
  }
}
