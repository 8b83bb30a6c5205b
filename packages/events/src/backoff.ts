/** How long to wait before reconnecting. */
export interface ReconnectDelays {
  /** The base of the first wait, in milliseconds; default 500. */
  initialMs: number
  /** The largest base wait, in milliseconds; default 30 000. */
  maxMs: number
}

/** The default {@link ReconnectDelays}. */
export const defaultReconnectDelays: ReconnectDelays = Object.freeze({ initialMs: 500, maxMs: 30_000 })

/**
 * The wait before reconnection attempt `attempt` (1 for the first after a connection was
 * lost): the base doubles from `initialMs` up to `maxMs`, and jitter picks a value between
 * half the base and the base, so that many clients dropped together do not come back together.
 *
 * @param random a number in [0, 1); `Math.random()` by default
 */
export function reconnectDelay(attempt: number, delays: ReconnectDelays, random = Math.random()): number {
  const base = Math.min(delays.maxMs, delays.initialMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(base / 2 + (base / 2) * random)
}
