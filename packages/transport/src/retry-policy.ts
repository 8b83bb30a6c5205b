import { backoffDelay, type BackoffDelays } from './backoff.js'

/** The delays between attempts, in milliseconds: a backoff (default 500 doubling to 8 000) and a cap. */
export interface RetryDelays extends BackoffDelays {
  /** The largest `Retry-After` honoured: longer requests are cut to this; default 60 000. */
  maxRetryAfterMs: number
}

/** The default {@link RetryDelays}. */
export const defaultRetryDelays: RetryDelays = Object.freeze({
  initialMs: 500,
  maxMs: 8_000,
  maxRetryAfterMs: 60_000,
})

/** Methods that may be sent again without changing the outcome (GET, HEAD, OPTIONS, PUT, DELETE, PATCH). */
const repeatableMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'])

/**
 * Whether a request may be sent again after it may have reached the server: its method
 * is safe to repeat, or the caller marked it idempotent (e.g. a chunk PUT with
 * `Content-Range`). A POST that creates something is not.
 *
 * @param idempotent the caller's explicit answer, which wins when given
 */
export function isRepeatable(method: string, idempotent?: boolean): boolean {
  return idempotent ?? repeatableMethods.has(method.toUpperCase())
}

/** Whether an HTTP status is worth retrying: 408, 429 and 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599)
}

/**
 * Parse a `Retry-After` value (delay in seconds, or an HTTP date) into milliseconds from
 * `now`; `undefined` when absent or unparsable. Also accepts the `retry-after-ms` form.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms')
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim())) return Number(milliseconds)
  const value = headers.get('retry-after')?.trim()
  if (value === undefined || value === '') return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * The wait before retry number `retry` (1-based): the server's `Retry-After` when given
 * (cut to `maxRetryAfterMs`), else the {@link backoffDelay} of the retry.
 */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  delays: RetryDelays = defaultRetryDelays,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, delays.maxRetryAfterMs)
  return backoffDelay(retry, delays, random)
}
