/**
 * Wait `milliseconds`; rejects with the signal's reason as soon as `signal` aborts, and
 * removes its listener either way. The one abortable sleep of the suite.
 *
 * @example
 * await sleep(retryDelay(attempt, undefined), signal)
 */
export function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal?.reason as Error)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, milliseconds)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Wait `milliseconds`, or until `signal` aborts, whichever comes first; never rejects.
 * For loops that check the signal themselves after waiting (reconnection, polling).
 *
 * @example
 * while (!signal.aborted) await pause(reconnectInMs, signal)
 */
export async function pause(milliseconds: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(milliseconds, signal)
  } catch {
    // Aborted: the caller looks at the signal.
  }
}

/**
 * Resolve on the event loop's next turn, once every pending microtask has run: after the
 * requests that code just started have gone out (`setImmediate` where there is one, else a
 * zero timeout).
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate
  return new Promise((resolve) => {
    if (immediate === undefined) setTimeout(resolve, 0)
    else immediate(resolve)
  })
}
