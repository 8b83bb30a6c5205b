import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { AbortError } from '../errors/abort-error.js'
import { ConnectionError } from '../errors/connection-error.js'
import { ResponseTooLargeError } from '../errors/response-too-large-error.js'
import { pageBound, readBoundedText } from '../internal/bounded-body.js'
import { classifyNetworkFailure } from '../network-failure.js'
import { redactUrl } from '../redact.js'
import type { PageReadRequest, StreamedHead, StreamedRequest } from '../transport-options.js'

function headersOf(received: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(received)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one)
  }
  return headers
}

/**
 * A page of a list read with the dispatcher's own `request` (no web streams): the JSON
 * of a 200, a `Response` for an error status, `undefined` for anything else (see `PageReader`).
 */
export async function readPageThrough(dispatcher: Dispatcher, page: PageReadRequest): Promise<unknown> {
  const url = new URL(page.url)
  try {
    const answer = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: Object.fromEntries(page.headers),
      signal: page.signal ?? null,
      ...(Number.isFinite(page.timeout) ? { headersTimeout: page.timeout, bodyTimeout: page.timeout } : {}),
    })
    const type = String(answer.headers['content-type'] ?? '')
    const bound = pageBound(page, answer.headers['content-length'])
    if (answer.statusCode === 200 && type.includes('json'))
      return JSON.parse(await readBoundedText(answer.body, bound))
    if (answer.statusCode < 400) {
      await answer.body.dump()
      return undefined
    }
    const body = await readBoundedText(answer.body, bound)
    return new Response(body, { status: answer.statusCode, headers: headersOf(answer.headers) })
  } catch (error) {
    if (ResponseTooLargeError.isInstance(error)) throw error
    return undefined
  }
}

/** The blocks of `source`, remembering the error it throws (a file that shrank) through `keep`. */
async function* kept(
  source: AsyncIterable<Uint8Array>,
  keep: (error: unknown) => unknown,
): AsyncGenerator<Uint8Array> {
  try {
    yield* source
  } catch (error) {
    throw keep(error)
  }
}

/**
 * A block of an answer of known length shorter than this says the bytes come slower than they
 * are taken (a busy server or machine): taken at once, every small read wakes this process.
 * Reading then pauses {@link GATHER_MS} so the kernel gathers a larger read: far fewer reads and
 * wake-ups. A fast body fills every read and never waits. A chunked answer (a `.tar.gz` made on
 * the fly) never pauses: its blocks are its chunks, many to one read, so a pause per short
 * chunk would wait on bytes already here and copy the rest of the read again at each resume.
 */
const SHORT_READ = 64 * 1024
const GATHER_MS = 3

/**
 * Send a file transfer's request with undici's `dispatch` through `dispatcher`: the body goes
 * from its blocks to the socket, the answer's body from the parser to the sink, with no stream
 * in between. No timeout of its own: the caller's stall watchdog aborts `signal`.
 */
export function sendStreamedThrough(dispatcher: Dispatcher, request: StreamedRequest): Promise<StreamedHead> {
  const method = request.method.toUpperCase()
  const url = new URL(request.url)
  const headers = Object.fromEntries(request.headers)
  if (request.body !== undefined) headers['content-length'] = String(request.body.length)
  return new Promise((resolve, reject) => {
    let head: StreamedHead | undefined
    let sink: ((block: Uint8Array) => void) | undefined
    let own: Error | undefined
    let gathering: NodeJS.Timeout | undefined
    let gather = false
    let abort: ((reason: Error) => void) | undefined
    const keep = (error: unknown): Error => {
      own ??= error instanceof Error ? error : new Error(String(error))
      return own
    }
    const onAbort = (): void => abort?.(new Error('aborted'))
    const settle = (error: unknown): void => {
      clearTimeout(gathering)
      request.signal.removeEventListener('abort', onAbort)
      if (error === undefined) return resolve(head as StreamedHead)
      if (own !== undefined) return reject(own)
      const described = redactUrl(request.url)
      if (request.signal.aborted)
        return reject(new AbortError({ method, url: described, cause: request.signal.reason }))
      reject(new ConnectionError({ method, url: described, ...classifyNetworkFailure(error) }))
    }
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        abort = (reason) => controller.abort(reason)
        if (request.signal.aborted) onAbort()
      },
      onResponseStart(_controller, status, received) {
        head = { status, headers: headersOf(received) }
        gather = received['content-length'] !== undefined
        try {
          sink = request.onHead(head)
        } catch (error) {
          abort?.(keep(error))
        }
      },
      onResponseData(controller, block) {
        try {
          sink?.(block)
        } catch (error) {
          controller.abort(keep(error))
          return
        }
        if (!gather || block.length >= SHORT_READ) return
        controller.pause()
        gathering = setTimeout(() => controller.resume(), GATHER_MS)
      },
      onResponseEnd: () => settle(undefined),
      onResponseError: (_controller, error) => settle(error),
    }
    request.signal.addEventListener('abort', onAbort, { once: true })
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        // undici writes an async iterable block by block, waiting for 'drain' (its types list Readable only).
        body: request.body === undefined ? null : (kept(request.body.blocks, keep) as unknown as Readable),
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      handler,
    )
  })
}
