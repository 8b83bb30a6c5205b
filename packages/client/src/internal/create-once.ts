import type { WorkRequest } from '@debusine-ts/models'
import { ConnectionError, ServerError, type RequestOptions } from '@debusine-ts/transport'
import { CreateOutcomeUnknownError, type CreateOptions } from '../errors/create-outcome.js'
import type { OwnUser } from './sent-match.js'

/** How to create one kind of object without ever creating it twice. */
export interface CreateOnce<Created extends { id: number }> {
  /** What is being created, for messages: `work request of task "noop" in workspace "System"`. */
  what: string
  /** How to check by hand, for the error: e.g. `` `debusine-ts work-request list` ``. */
  check: string
  /** Send the create once; it must pass `retryStaleConnection: false` to the transport. */
  send: (options: RequestOptions) => Promise<Created>
  /** The ids this namespace's creates returned lately: never taken for a lost create. */
  recent: RecentIds
  /**
   * How far the server's clock is ahead of ours (`Transport.serverClockOffset`): `since` is
   * then on the server's clock, which stamps `created_at`. Without it the clocks are taken
   * to agree.
   */
  clockOffset?: (() => number | undefined) | undefined
  /** Look on the server for what the create made since `since` (ms since the epoch); undefined if nothing. */
  find: (since: number, options: RequestOptions) => Promise<Created | undefined>
}

/**
 * Remembers the ids a namespace's creates returned lately, so that looking for a lost
 * create never takes an earlier identical one (made a moment before by the same client).
 */
export class RecentIds {
  readonly #ids: number[] = []

  /** Remember `id`; the oldest is forgotten past 1000. */
  add(id: number): void {
    this.#ids.push(id)
    if (this.#ids.length > 1000) this.#ids.shift()
  }

  /** Whether `id` was returned lately. */
  has(id: number): boolean {
    return this.#ids.includes(id)
  }
}

/** A failure in a few words: `connection closed by the server (UND_ERR_SOCKET)`, `HTTP 502`. */
export function shortly(error: Error): string {
  if (ConnectionError.isInstance(error)) return error.reason
  if (ServerError.isInstance(error)) return `HTTP ${error.status}`
  return error.message.replace(/\.$/, '')
}

/**
 * Whether a failure leaves open whether the server acted, with what is known about it:
 * `stale` when the server cannot have taken the request up (a reused connection closed
 * before any answer, a 503), so that it may be sent again once nothing was found.
 */
export function uncertainty(error: unknown): { stale: boolean } | undefined {
  if (ConnectionError.isInstance(error) && error.delivery !== 'not-sent') {
    return { stale: error.delivery === 'stale-connection' }
  }
  // A 503 is a server or gateway with nothing to take the request up (a gateway answers it
  // when no application worker is there); the application does not act and then answer
  // 503. Once a look finds nothing, sending it again is as safe as after a closed
  // keep-alive connection. A gateway's 502/504 says nothing about what the application did
  // behind it (it may still be working on it).
  if (ServerError.isInstance(error) && error.status === 503) return { stale: true }
  if (ServerError.isInstance(error) && [502, 504].includes(error.status)) return { stale: false }
  return undefined
}

/**
 * Create something once. A failure that proves nothing was sent is retried by the
 * transport. When the outcome is unknown, look for the object on the server: found, it is
 * returned (and `onRecovered` says so); not found after a reused connection was closed
 * before any answer or a 503 (the server did not take the request up), the create is sent again;
 * otherwise {@link CreateOutcomeUnknownError}. Never a blind retry.
 */
export async function createOnce<Created extends { id: number }>(
  spec: CreateOnce<Created>,
  options: CreateOptions = {},
): Promise<Created> {
  const { onRecovered, ...requestOptions } = options
  const started = Date.now()
  const resends = requestOptions.maxRetries ?? 2
  for (let attempt = 0; ; attempt += 1) {
    try {
      const created = await spec.send(requestOptions)
      spec.recent.add(created.id)
      return created
    } catch (error) {
      const unknown = uncertainty(error)
      if (unknown === undefined) throw error
      // `created_at` is on the server's clock: `since` too. The offset is a lower bound, so
      // `since` is never after the create; without one the clocks are taken to agree.
      const since = started + (spec.clockOffset?.() ?? 0)
      const found = await spec.find(since, { ...requestOptions, maxRetries: Math.max(resends, 2) })
      if (found !== undefined) {
        onRecovered?.({
          note: `The answer to the create was lost (${shortly(error as Error)}); the ${spec.what} was found on the server.`,
          cause: error as Error,
        })
        spec.recent.add(found.id)
        return found
      }
      if (!unknown.stale || attempt >= resends) {
        throw new CreateOutcomeUnknownError({
          what: spec.what,
          startedAt: new Date(started).toISOString(),
          check: spec.check,
          reason: shortly(error as Error),
          cause: error as Error,
        })
      }
    }
  }
}

/**
 * Which of the work requests that match a lost create (newest first) is ours: the newest
 * made by our user when the client knows its user id; when it does not, the newest only if
 * every match was made by one user (else another user's could be taken for ours).
 */
function ours(matching: readonly WorkRequest[], user: OwnUser | undefined): WorkRequest | undefined {
  if (user === undefined) return matching[0]
  const id = user.id
  if (id !== undefined) return matching.find((candidate) => candidate.created_by === id)
  const creators = new Set(matching.map((candidate) => candidate.created_by ?? null))
  return creators.size === 1 ? matching[0] : undefined
}

/**
 * The work request of `newestFirst` created since `since` (ms since the epoch) that
 * `matches`, is not one of `recent` and was made by `user` (see {@link ours}); the listing
 * stops at the first older one.
 */
export async function findCreated(
  newestFirst: AsyncIterable<WorkRequest>,
  since: number,
  recent: RecentIds,
  matches: (candidate: WorkRequest) => boolean,
  user?: OwnUser,
): Promise<WorkRequest | undefined> {
  const matching: WorkRequest[] = []
  for await (const candidate of newestFirst) {
    if (Date.parse(candidate.created_at) < since) break
    if (!recent.has(candidate.id) && matches(candidate)) matching.push(candidate)
  }
  return ours(matching, user)
}
