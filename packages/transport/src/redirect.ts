const MAX_REDIRECTS = 20
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/**
 * Where a redirect leads: the absolute URL of `location` when `status` is a redirect and
 * fewer than 20 were followed (`hop` counts them from 0); `undefined` when the answer is
 * to be taken as it is. The one redirect policy of the suite: the transport's fetch and
 * the client's streamed downloads follow it alike (credentials are then chosen for the new
 * URL: see {@link Transport.sendStreamed}).
 */
export function redirectTarget(
  status: number,
  location: string | null | undefined,
  from: string,
  hop: number,
): string | undefined {
  if (!REDIRECT_STATUSES.has(status) || location === null || location === undefined) return undefined
  if (hop >= MAX_REDIRECTS) return undefined
  return new URL(location, from).href
}
