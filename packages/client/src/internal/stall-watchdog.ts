/** A timer that aborts its signal when it was not woken for `timeout` milliseconds. */
export interface StallWatchdog {
  signal: AbortSignal
  /** Something moved: start the count again. */
  wake: () => void
  /** Whether the watchdog fired. */
  stalled: () => boolean
  stop: () => void
}

/**
 * Start a {@link StallWatchdog}: file transfers wake it on every block, so that a transfer
 * of any length is bounded only by how long it may make no progress.
 */
export function stallWatchdog(timeout: number): StallWatchdog {
  const controller = new AbortController()
  let stalled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const wake = (): void => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      stalled = true
      controller.abort(new Error(`no progress for ${timeout} ms`))
    }, timeout)
  }
  wake()
  return { signal: controller.signal, wake, stalled: () => stalled, stop: () => clearTimeout(timer) }
}
