import { redirectTarget, type StreamedHead, type Transport } from '@debusine-ts/transport'
import type { VerifiedFile } from './download-file.js'

/** Send one GET of the file from byte `offset` and append its body to the file, calling `wake` as bytes arrive. */
export type Transfer = (offset: number, signal: AbortSignal, wake: () => void) => Promise<void>

/** What a download reads from. */
export interface DownloadSource {
  transport: Transport
  url: string
  /** Extra request headers of the caller. */
  headers: Readonly<Record<string, string>> | undefined
}

// The last byte is named when the size is known: 0.11.3 reads only `bytes=FIRST-LAST`.
function rangeHeader(offset: number, file: VerifiedFile): Record<string, string> {
  if (offset === 0) return {}
  const size = file.expectedSize
  return { Range: size === undefined ? `bytes=${offset}-` : `bytes=${offset}-${size - 1}` }
}

/** Whether a response continues the file at `offset` (a server that ignored `Range` starts again). */
function continuesAt(status: number, contentRange: string | null | undefined, offset: number): boolean {
  if (offset === 0) return true
  const match = /^bytes (\d+)-/.exec(contentRange ?? '')
  return status === 206 && match !== null && Number(match[1]) === offset
}

/** The body of `response`, waking `wake` on each block. */
async function* watched(response: Response, wake: () => void): AsyncGenerator<Uint8Array> {
  if (response.body === null) return
  for await (const block of response.body) {
    wake()
    yield block
  }
}

/** A GET through the transport's fetch: redirects, error statuses and custom fetch functions. */
function fetchTransfer(source: DownloadSource, file: VerifiedFile): Transfer {
  return async (offset, signal, wake) => {
    const response = await source.transport.stream('GET', source.url, {
      headers: { ...source.headers, ...rangeHeader(offset, file) },
      signal,
      // The stall watchdog bounds each attempt; resuming replaces retries.
      timeout: Infinity,
      maxRetries: 0,
      expectedStatus: offset > 0 ? [200, 206] : 200,
    })
    try {
      if (!continuesAt(response.status, response.headers.get('content-range'), offset)) file.restart()
      await file.append(watched(response, wake))
    } finally {
      await response.body?.cancel().catch(() => undefined)
    }
  }
}

/** What the answer to a GET of the download turned out to be. */
type Answer = { is: 'the-file' } | { is: 'not-the-file' } | { is: 'redirect'; to: string }

/**
 * How a download is sent: with `Transport.sendStreamed` (undici's `dispatch` through the
 * network's dispatcher, the body written to the file block by block, no web streams),
 * following redirects as the transport does, when the transport has a Node network; else
 * through fetch. An error status is left to fetch, which knows what to make of it, for this
 * attempt and the next ones.
 */
export function transferOf(source: DownloadSource, file: VerifiedFile): Transfer {
  const viaFetch = fetchTransfer(source, file)
  let streamed = true
  const getOnce = async (
    url: string,
    hop: number,
    offset: number,
    signal: AbortSignal,
    wake: () => void,
  ): Promise<Answer> => {
    let answer: Answer = { is: 'the-file' }
    const accept = (block: Uint8Array): void => {
      wake()
      file.accept(block)
    }
    const onHead = (head: StreamedHead): ((block: Uint8Array) => void) | undefined => {
      const next = redirectTarget(head.status, head.headers.get('location'), url, hop)
      if (next !== undefined) answer = { is: 'redirect', to: next }
      else if (head.status !== 200 && head.status !== 206) answer = { is: 'not-the-file' }
      else if (!continuesAt(head.status, head.headers.get('content-range'), offset)) file.restart()
      return answer.is === 'the-file' ? accept : undefined
    }
    const headers = { ...source.headers, ...rangeHeader(offset, file) }
    // Every block is on disk once taken: after a cut, the next attempt resumes after the last.
    const sent = source.transport.sendStreamed({ method: 'GET', url, headers, signal, onHead })
    if (sent === undefined) return { is: 'not-the-file' }
    await sent
    return answer
  }
  const viaNetwork = async (offset: number, signal: AbortSignal, wake: () => void): Promise<boolean> => {
    let url = source.url
    for (let hop = 0; ; hop += 1) {
      // Past the redirect limit the answer is not the file: fetch then gives the error.
      const answer = await getOnce(url, hop, offset, signal, wake)
      if (answer.is !== 'redirect') return answer.is === 'the-file'
      url = answer.to
    }
  }
  return async (offset, signal, wake) => {
    if (streamed && (await viaNetwork(offset, signal, wake))) return
    streamed = false
    await viaFetch(file.written, signal, wake)
  }
}
