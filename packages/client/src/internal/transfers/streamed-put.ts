import type { Transport } from '@debusine-ts/transport'
import type { FileRangeBlocks } from './file-range-stream.js'

/** What {@link putStreamed} sends. */
export interface StreamedPut {
  transport: Transport
  /** The absolute URL. */
  url: string
  /** The caller's headers (credentials are added by the transport). */
  headers: Readonly<Record<string, string>>
  body: FileRangeBlocks | undefined
  signal: AbortSignal
  expectedStatus: readonly number[]
}

/** Answers to uploads are short JSON; more is not kept. */
const MAX_ANSWER_BYTES = 1024 * 1024

/**
 * Send a PUT with `Transport.sendStreamed` (Node streams from the file to the socket) and
 * return its answer as a `Response`, as the transport would; an unexpected status becomes the
 * transport's error for it. `undefined` when the transport has no Node network: send it
 * through `Transport.stream` then.
 *
 * @throws {ApiError} (a subclass for the common statuses) for an unexpected status
 * @throws {ConnectionError} when the connection fails or closes before the answer's end
 * @throws {AbortError} when `signal` aborted
 */
export function putStreamed(put: StreamedPut): Promise<Response> | undefined {
  const blocks: Uint8Array[] = []
  let kept = 0
  const keep = (block: Uint8Array): void => {
    if (kept + block.length <= MAX_ANSWER_BYTES) blocks.push(block.slice())
    kept += block.length
  }
  const sent = put.transport.sendStreamed({
    method: 'PUT',
    url: put.url,
    headers: put.headers,
    body: put.body,
    signal: put.signal,
    onHead: () => keep,
  })
  return sent?.then(async (head) => {
    const status = head.status < 200 || head.status > 599 ? 502 : head.status
    const answer = (body: BodyInit | null): Response => new Response(body, { status, headers: head.headers })
    if (put.expectedStatus.includes(status)) return answer(null)
    throw await put.transport.errorFor('PUT', put.url, answer(Buffer.concat(blocks)))
  })
}
