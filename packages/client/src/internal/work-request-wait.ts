import { AbortError } from '@debusine-ts/transport'

/**
 * Wait `milliseconds`, or reject with an {@link AbortError} as soon as `signal` aborts
 * (the listener is removed either way).
 */
export function pollDelay(milliseconds: number, signal: AbortSignal | undefined, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): AbortError => new AbortError({ method: 'GET', url, cause: signal?.reason })
    if (signal?.aborted === true) {
      reject(aborted())
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(aborted())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, milliseconds)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
