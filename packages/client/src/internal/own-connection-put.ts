import { AbortError, redactUrl, type Transport } from '@debusine-ts/transport'
import type { ResponseHead } from './http-response-reader.js'
import { socketRequest, type RequestBody } from './socket-request.js'

/** What {@link putOverOwnConnection} sends. */
export interface OwnConnectionPut {
  transport: Transport
  /** The absolute URL. */
  url: string
  /** The request's headers, credentials and the rest added by the transport's rules. */
  headers: Headers
  body: RequestBody | undefined
  signal: AbortSignal
  expectedStatus: readonly number[]
}

/** Answers to uploads are short JSON; more is not kept. */
const MAX_ANSWER_BYTES = 1024 * 1024

/**
 * Send a PUT over a connection of its own (see `socketRequest`) and return its answer as a
 * `Response`, as the transport would; an unexpected status becomes the transport's error
 * for it.
 *
 * @throws {ApiError} (a subclass for the common statuses) for an unexpected status
 * @throws {ConnectionError} when the connection fails or closes before the answer's end
 * @throws {AbortError} when `signal` aborted
 */
export async function putOverOwnConnection(put: OwnConnectionPut): Promise<Response> {
  const blocks: Uint8Array[] = []
  let kept = 0
  const sink = {
    accept: (block: Uint8Array): void => {
      if (kept + block.length <= MAX_ANSWER_BYTES) blocks.push(block.slice())
      kept += block.length
    },
  }
  let head: ResponseHead
  try {
    head = (await socketRequest({ ...put, method: 'PUT', onHead: () => true, sink })) as ResponseHead
  } catch (error) {
    // As the transport: an aborted request is an AbortError, whatever the signal's reason.
    if (put.signal.aborted)
      throw new AbortError({ method: 'PUT', url: redactUrl(put.url), cause: put.signal.reason })
    throw error
  }
  const status = head.status < 200 || head.status > 599 ? 502 : head.status
  const answer = (body: BodyInit | null): Response =>
    new Response(body, { status, headers: [...head.headers.entries()] })
  if (put.expectedStatus.includes(status)) return answer(null)
  throw await put.transport.errorFor('PUT', put.url, answer(Buffer.concat(blocks)))
}
