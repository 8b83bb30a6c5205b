// A fetch that counts what a client sends, passed as the client's `fetch` (injection, not a
// mock: every request still goes to the real server).
import type { FetchFunction } from '@debusine-ts/transport'

/** What {@link countingFetch} saw. */
export interface FetchCounter {
  fetch: FetchFunction
  /** `METHOD URL` of every request, in order. */
  requests: string[]
  /** Sum of the declared body lengths of the PUT requests (file chunks). */
  putBodyBytes: number
}

/** A counting fetch; `onRequest` sees every URL. */
export function countingFetch(onRequest?: (url: string) => void): FetchCounter {
  const counter: FetchCounter = {
    requests: [],
    putBodyBytes: 0,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : undefined
      const url = request?.url ?? String(input)
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
      const headers = new Headers(init?.headers ?? request?.headers)
      counter.requests.push(`${method} ${url}`)
      if (method === 'PUT') counter.putBodyBytes += Number(headers.get('content-length') ?? 0)
      onRequest?.(url)
      return fetch(input, init)
    },
  }
  return counter
}
