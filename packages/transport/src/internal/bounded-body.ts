import { ResponseTooLargeError } from '../errors/response-too-large-error.js'
import { redactUrl } from '../redact.js'
import type { PageReadRequest } from '../transport-options.js'

/** The default of `maxResponseBytes`: far more than any Debusine answer, far less than a machine's memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024

/** A body to read: a web stream (fetch) or a Node stream (undici's `request`), or nothing. */
export type BodySource =
  ReadableStream<Uint8Array> | (AsyncIterable<Uint8Array> & { destroy?: unknown }) | null

/** How a body is read: how much of it at most, what stops it, and what to name in the error. */
export interface BodyBound {
  /** The most bytes read; one more and the read fails. */
  maxBytes: number
  /** Cancels the body at once: the read then rejects. */
  signal?: AbortSignal | undefined
  /** The request's method, for the error. */
  method: string
  /** The request's URL, already redacted, for the error. */
  url: string
  /** The answer's `Content-Length`, when it sent one: over the limit, nothing is read. */
  declaredLength?: string | null | undefined
}

interface Chunks {
  next(): Promise<IteratorResult<Uint8Array, unknown>>
  /** Stop the body: the connection is closed rather than drained. */
  stop(reason: unknown): void
}

function chunksOf(source: NonNullable<BodySource>): Chunks {
  if (source instanceof ReadableStream) {
    const reader = source.getReader()
    return {
      next: () => reader.read(),
      stop: (reason) => void reader.cancel(reason).catch(() => undefined),
    }
  }
  const iterator = source[Symbol.asyncIterator]()
  return {
    next: () => iterator.next(),
    stop: (reason) => {
      // A Node stream is destroyed (its socket closed); any other iterable is asked to end.
      if (typeof source.destroy === 'function') (source.destroy as (error?: Error) => void)()
      else void iterator.return?.(reason)?.catch(() => undefined)
    },
  }
}

function declaredBytes(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined
  return Number(value)
}

/**
 * Read `source` to its end as UTF-8 text (a leading BOM dropped, as `Response.text()` does),
 * never holding more than `bound.maxBytes` of it: an answer declared or found larger is
 * cancelled there, and an abort of `bound.signal` cancels it at once, whatever the source does
 * with its pending read. Every answer the transport parses is read here.
 *
 * @throws {ResponseTooLargeError} naming the limit and the URL, when the body is larger
 * @throws {Error} (not an `SdkError`, with the signal's reason as its cause) when `signal` aborted
 */
export async function readBoundedText(source: BodySource, bound: BodyBound): Promise<string> {
  if (source === null) return ''
  const { maxBytes, signal, method, url } = bound
  const declared = declaredBytes(bound.declaredLength)
  const chunks = chunksOf(source)
  if (declared !== undefined && declared > maxBytes) {
    chunks.stop('the answer is larger than the limit')
    throw new ResponseTooLargeError({ method, url, limitBytes: maxBytes, declaredBytes: declared })
  }
  let onAbort: (() => void) | undefined
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      chunks.stop(signal?.reason)
      reject(new Error(`The read of ${method} ${url} was aborted`, { cause: signal?.reason }))
    }
  })
  // Only ever awaited in a race: a rejection nobody waits for any more is not an error.
  aborted.catch(() => undefined)
  if (signal?.aborted === true) onAbort?.()
  else signal?.addEventListener('abort', onAbort!, { once: true })
  try {
    const decoder = new TextDecoder()
    const parts: string[] = []
    let total = 0
    for (;;) {
      const pending = chunks.next()
      pending.catch(() => undefined)
      const read = await Promise.race([pending, aborted])
      if (read.done === true) break
      const value = read.value
      total += value.byteLength
      if (total > maxBytes) {
        chunks.stop('the answer is larger than the limit')
        throw new ResponseTooLargeError({ method, url, limitBytes: maxBytes })
      }
      parts.push(decoder.decode(value, { stream: true }))
    }
    parts.push(decoder.decode())
    return parts.join('')
  } finally {
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort)
  }
}

/** `response` with its body read whole through {@link readBoundedText}: for a short page read within its attempt. */
export async function bufferedResponse(
  response: Response,
  bound: Omit<BodyBound, 'declaredLength'>,
): Promise<Response> {
  const declaredLength = response.headers.get('content-length')
  const text = await readBoundedText(response.body, { ...bound, declaredLength })
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/** The bound of a page a page reader reads: the request's limit and signal, the answer's declared length. */
export function pageBound(page: PageReadRequest, declaredLength: string | string[] | undefined): BodyBound {
  return {
    maxBytes: page.maxBytes,
    signal: page.signal,
    method: 'GET',
    url: redactUrl(page.url),
    declaredLength: typeof declaredLength === 'string' ? declaredLength : undefined,
  }
}
