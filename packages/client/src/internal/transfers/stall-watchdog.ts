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
  let lastWake = Date.now()
  // One timer checked a few times per `timeout`, not one rearmed per block: blocks come by the thousand.
  const check = (): void => {
    const idle = Date.now() - lastWake
    if (idle < timeout) {
      timer = setTimeout(check, Math.min(timeout - idle, Math.max(timeout / 4, 1)))
      return
    }
    stalled = true
    controller.abort(new Error(`no progress for ${timeout} ms`))
  }
  let timer: ReturnType<typeof setTimeout> = setTimeout(check, timeout)
  const wake = (): void => {
    lastWake = Date.now()
  }
  return { signal: controller.signal, wake, stalled: () => stalled, stop: () => clearTimeout(timer) }
}
