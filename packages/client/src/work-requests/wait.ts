import { isWorkRequestFinished, SdkError, type WorkRequest } from '@debusine-ts/models'
import { AbortError, pause, type RequestOptions } from '@debusine-ts/transport'
import { WorkRequestWaitTimeoutError } from './wait-timeout-error.js'
import { checkMilliseconds, type RangeOptions } from '../internal/argument-checks.js'

/** Options of `WorkRequests.waitForCompletion` (and of the channel's `CompletionEvents.waitForCompletion`). */
export interface WaitForCompletionOptions extends RequestOptions {
  /** Milliseconds between two reads of the work request; default 2000 (the channel's safety poll: 30 000). */
  pollInterval?: number | undefined
  /**
   * The most milliseconds to wait in all; then `WorkRequestWaitTimeoutError`.
   * Default: wait until it finishes (or `signal` aborts). `timeout` bounds each read.
   */
  maxWait?: number | undefined
  /** Called with the work request whenever its status or result changed, starting with the first read. */
  onUpdate?: ((workRequest: WorkRequest) => void) | undefined
  /**
   * Resolves when the work request may have finished (its completion was announced): the
   * wait then reads it at once instead of at the next poll. Called after each read that
   * found it unfinished; while its promise is pending it must return that same promise.
   */
  wakeUp?: (() => Promise<void>) | undefined
}

function milliseconds(
  value: number | undefined,
  field: string,
  fallback: number,
  range: RangeOptions = {},
): number {
  checkMilliseconds('WaitForCompletionOptions', field, value, 0, range)
  return value ?? fallback
}

/** Sleep `milliseconds`, or less if `wakeUp` resolves first; an abort of `signal` rejects with {@link AbortError}. */
async function nap(
  milliseconds: number,
  wakeUp: (() => Promise<void>) | undefined,
  signal: AbortSignal | undefined,
  url: string,
): Promise<void> {
  const done = new AbortController()
  const bounded = signal === undefined ? done.signal : AbortSignal.any([signal, done.signal])
  try {
    await Promise.race([pause(milliseconds, bounded), ...(wakeUp === undefined ? [] : [wakeUp()])])
  } finally {
    done.abort()
  }
  if (signal?.aborted === true) throw new AbortError({ method: 'GET', url, cause: signal.reason })
}

/** Whether a failed read says the server is away for now (restarting, overloaded), not that the read is wrong. */
function isOutage(error: unknown): boolean {
  return SdkError.isInstance(error) && error.isRetryable
}

/**
 * The one wait for a work request to finish: read it with `read`, and again after each
 * `pollInterval` (or `wakeUp`), until it is completed or aborted, or `maxWait` expires.
 * Once the work request was read, an outage of the server (a restart, a 503) does not end
 * the wait: the read fails after the transport's retries, and is tried again at the next
 * poll. A first read that fails ends it, so a wrong URL or a server that is down says so.
 *
 * @internal Used by `WorkRequests.waitForCompletion` and the channel's wait.
 */
export async function waitUntilFinished(
  read: (options: RequestOptions) => Promise<WorkRequest>,
  url: string,
  options: WaitForCompletionOptions,
  defaultPollInterval: number,
): Promise<WorkRequest> {
  const { pollInterval, maxWait, onUpdate, wakeUp, ...requestOptions } = options
  const interval = milliseconds(pollInterval, 'pollInterval', defaultPollInterval)
  const limit = milliseconds(maxWait, 'maxWait', Infinity, { infinite: true })
  const deadline = Date.now() + limit
  let previous: WorkRequest | undefined
  for (;;) {
    let current: WorkRequest
    try {
      current = await read(requestOptions)
    } catch (error) {
      if (previous === undefined || !isOutage(error) || deadline - Date.now() <= 0) throw error
      await nap(Math.min(interval, deadline - Date.now()), wakeUp, requestOptions.signal, url)
      continue
    }
    if (previous?.status !== current.status || previous.result !== current.result) onUpdate?.(current)
    previous = current
    if (isWorkRequestFinished(current)) return current
    const remaining = deadline - Date.now()
    if (remaining <= 0) throw new WorkRequestWaitTimeoutError(current, limit)
    await nap(Math.min(interval, remaining), wakeUp, requestOptions.signal, url)
  }
}
