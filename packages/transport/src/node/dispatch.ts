import type { IncomingHttpHeaders } from 'node:http'
import { Writable, type Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { AbortError } from '../errors/abort-error.js'
import { ConnectionError } from '../errors/connection-error.js'
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
 * A page of a list read with undici's `request` through `dispatcher` (no web streams): the JSON
 * of a 200, a `Response` for an error status, `undefined` for anything else (see `PageReader`).
 */
export async function readPageThrough(dispatcher: Dispatcher, page: PageReadRequest): Promise<unknown> {
  const { request } = await import('undici')
  try {
    const answer = await request(page.url, {
      dispatcher,
      headers: Object.fromEntries(page.headers),
      signal: page.signal ?? null,
      ...(Number.isFinite(page.timeout) ? { headersTimeout: page.timeout, bodyTimeout: page.timeout } : {}),
    })
    const type = String(answer.headers['content-type'] ?? '')
    if (answer.statusCode === 200 && type.includes('json')) return await answer.body.json()
    if (answer.statusCode < 400) {
      await answer.body.dump()
      return undefined
    }
    const body = await answer.body.text()
    return new Response(body, { status: answer.statusCode, headers: headersOf(answer.headers) })
  } catch {
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
 * Send a file transfer's request with undici's `stream` through `dispatcher`: the body goes
 * from its blocks to the socket, the answer's body from the socket to the sink, Node streams
 * only. No timeout of its own: the caller's stall watchdog aborts `signal`.
 */
export async function sendStreamedThrough(
  dispatcher: Dispatcher,
  request: StreamedRequest,
): Promise<StreamedHead> {
  const { stream } = await import('undici')
  let head: StreamedHead | undefined
  let own: { error: unknown } | undefined
  const keep = (error: unknown): unknown => {
    own ??= { error }
    return error
  }
  const headers = Object.fromEntries(request.headers)
  if (request.body !== undefined) headers['content-length'] = String(request.body.length)
  const method = request.method.toUpperCase()
  const options = {
    dispatcher,
    method,
    headers,
    // undici writes an async iterable block by block, waiting for 'drain' (its types list Readable only).
    body: request.body === undefined ? null : (kept(request.body.blocks, keep) as unknown as Readable),
    signal: request.signal,
    headersTimeout: 0,
    bodyTimeout: 0,
  }
  try {
    await stream(request.url, options, ({ statusCode, headers: received }) => {
      head = { status: statusCode, headers: headersOf(received) }
      const sink = request.onHead(head)
      return new Writable({
        write(block: Uint8Array, _encoding, done) {
          try {
            sink?.(block)
            done()
          } catch (error) {
            done(keep(error) as Error)
          }
        },
      })
    })
  } catch (error) {
    if (own !== undefined) throw own.error
    const url = redactUrl(request.url)
    if (request.signal.aborted) throw new AbortError({ method, url, cause: request.signal.reason })
    throw new ConnectionError({ method, url, ...classifyNetworkFailure(error) })
  }
  return head as StreamedHead
}
