/**
 * One attempt's own abort signal: aborted when the caller's signal aborts or when the
 * timeout expires. {@link AttemptSignal.release} removes the listener from the caller's
 * signal and clears the timer; call it once the attempt (body included) is over.
 */
export interface AttemptSignal {
  readonly signal: AbortSignal
  /** Whether the timeout, rather than the caller, aborted the attempt. */
  readonly timedOut: () => boolean
  /** Stop the timer but keep following the caller's signal (for streamed bodies). */
  readonly stopTimer: () => void
  readonly release: () => void
}

/** Create the signal of one attempt; `timeoutMs` of 0 or Infinity means no timeout. */
export function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController()
  let timedOut = false
  const onAbort = (): void => controller.abort(callerSignal?.reason)
  callerSignal?.addEventListener('abort', onAbort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
    timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error(`Timed out after ${timeoutMs} ms`))
    }, timeoutMs)
  }
  const stopTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    stopTimer,
    release: () => {
      stopTimer()
      callerSignal?.removeEventListener('abort', onAbort)
    },
  }
}

/** A signal that aborts when either does (either may be absent). */
export function eitherSignal(first?: AbortSignal, second?: AbortSignal): AbortSignal | undefined {
  return first === undefined || second === undefined ? (first ?? second) : AbortSignal.any([first, second])
}
