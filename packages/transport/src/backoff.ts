/** The bounds of an exponential backoff, in milliseconds. */
export interface BackoffDelays {
  /** The base of the first wait, doubled for each further one. */
  initialMs: number
  /** The largest base wait. */
  maxMs: number
}

/**
 * The wait before attempt `attempt` of something retried (1 for the first retry): the base
 * doubles from `initialMs` up to `maxMs`, and jitter picks a value between half the base and
 * the base, so that many clients failing together do not come back together. The one
 * backoff of the suite (HTTP retries, upload chunks, websocket reconnections).
 *
 * @param random a function giving a number in [0, 1); `Math.random` by default
 * @example
 * backoffDelay(3, { initialMs: 500, maxMs: 8_000 }) // between 1000 and 2000
 */
export function backoffDelay(
  attempt: number,
  delays: BackoffDelays,
  random: () => number = Math.random,
): number {
  const base = Math.min(delays.maxMs, delays.initialMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(base / 2 + (base / 2) * random())
}
