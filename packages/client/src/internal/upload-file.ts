import { setTimeout as sleep } from 'node:timers/promises'
import { open, stat } from 'node:fs/promises'
import {
  AbortError,
  ApiError,
  ConflictError,
  ConnectionError,
  defaultRetryDelays,
  keepSlashes,
  path as apiPath,
  retryDelay,
  type RetryDelays,
  type Transport,
} from '@debusine-ts/transport'
import { ArtifactUploadError } from '../resources/artifact-errors.js'

/** How many times a whole file is restarted after the server rejected its hash (409). */
export const MAX_WHOLE_FILE_ATTEMPTS = 3

/**
 * The largest body Debusine's nginx configuration accepts (and the Python client's chunk
 * size): a larger request that the proxy refuses (413) or that fails is sent again in
 * chunks of this size.
 */
export const PROXY_BODY_LIMIT = 50 * 1024 * 1024

/** Bytes read from disk per block of a streamed chunk. */
const READ_BLOCK_SIZE = 1024 * 1024

/** What {@link uploadFile} needs to send one file. */
export interface UploadFileInput {
  transport: Transport
  artifactId: number
  /** The path in the artifact. */
  path: string
  /** The local file. */
  localPath: string
  /** The size declared when the artifact was created. */
  size: number
  /** Largest PUT body; `Infinity` sends the rest of the file in one request. */
  chunkSize: number
  /**
   * The chunk size used after a request larger than it was refused with 413 (a proxy's
   * body limit) or failed; default {@link PROXY_BODY_LIMIT}.
   */
  fallbackChunkSize?: number | undefined
  /** Retries of one chunk (or probe) after a retryable failure. */
  maxRetries: number
  /** How long a request may make no progress before it is abandoned, in milliseconds. */
  stallTimeout: number
  retryDelays?: RetryDelays | undefined
  signal?: AbortSignal | undefined
  /** Whether the server lists the file as complete (asked only after a failure). */
  isComplete: () => Promise<boolean>
  /** The server holds this many bytes of the file. */
  onCommitted: (bytes: number) => void
  /** This many more bytes were handed to the connection. */
  onSent: (bytes: number) => void
}

/** A failure worth retrying the same chunk for. */
class RetryableFailure extends Error {}

/** The server discarded what it held of the file: start it over. */
class RestartFile extends Error {}

/** A proxy refused the body as too large (413). */
class BodyTooLarge extends Error {}

const knownReasons: Readonly<Record<string, string>> = {
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed by the server',
  UND_ERR_SOCKET: 'connection closed by the server',
  ECONNREFUSED: 'connection refused',
}

/** A few words about why a request failed, for the upload's message. */
function describeFailure(error: unknown): string {
  if (ApiError.isInstance(error)) {
    const detail = typeof error.detail === 'string' && error.detail !== '' ? `: ${error.detail}` : ''
    return `HTTP ${error.status} ${error.title}${detail}`
  }
  const codes: string[] = []
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null && codes.length < 8;) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    cause = (cause as { cause?: unknown }).cause
  }
  const known = codes.find((code) => code in knownReasons)
  if (known !== undefined) return knownReasons[known] ?? known
  return error instanceof Error ? error.message : String(error)
}

/** Parse `Range: bytes=0-N` (N is a byte count, PROTOCOL §6.3). */
function heldBytes(response: Response, size: number): number {
  const match = /^bytes=0-(\d+)$/.exec(response.headers.get('range')?.trim() ?? '')
  if (match === null) {
    throw new ApiError(
      {
        status: response.status,
        method: 'PUT',
        url: response.url,
        title: `missing or malformed Range header (${response.headers.get('range') ?? 'none'})`,
      },
      'unexpected_status',
    )
  }
  return Math.min(Number(match[1]), size)
}

/**
 * A request body that streams bytes `[start, end]` of a file from disk, block by block,
 * counting what the connection reads and waking the stall watchdog. `release` closes the
 * file when the request ended before reading it all (fetch does not cancel the body of a
 * request that failed or was answered early).
 */
function fileRangeStream(
  localPath: string,
  start: number,
  end: number,
  onRead: (bytes: number) => void,
): { stream: ReadableStream<Uint8Array>; release: () => Promise<void> } {
  let position = start
  let handle: Awaited<ReturnType<typeof open>> | undefined
  let released = false
  const release = async (): Promise<void> => {
    released = true
    const opened = handle
    handle = undefined
    await opened?.close().catch(() => undefined)
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      async start() {
        handle = await open(localPath, 'r')
        if (released) await release()
      },
      async pull(controller) {
        if (handle === undefined) return
        const length = Math.min(READ_BLOCK_SIZE, end + 1 - position)
        if (length <= 0) {
          await release()
          controller.close()
          return
        }
        const buffer = new Uint8Array(length)
        const { bytesRead } = await handle.read(buffer, 0, length, position)
        if (bytesRead === 0) {
          await release()
          controller.error(
            new Error(`"${localPath}" is shorter than declared: it changed after it was hashed`),
          )
          return
        }
        position += bytesRead
        onRead(bytesRead)
        controller.enqueue(bytesRead === length ? buffer : buffer.subarray(0, bytesRead))
      },
      async cancel() {
        await release()
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, release }
}

/**
 * Upload one file of an artifact with the resumable protocol of PROTOCOL §6.3: probe what
 * the server holds, send the rest from that offset in chunks streamed from disk, retry a
 * chunk on its own after a connection error, a stall or a 5xx (with backoff, re-probing
 * the offset first), and restart the whole file after a 409 (at most
 * {@link MAX_WHOLE_FILE_ATTEMPTS} times). A chunk larger than `fallbackChunkSize` that is
 * refused with 413 or fails is followed by chunks of that size, from the server's offset.
 *
 * @throws {ArtifactUploadError} when the file cannot be uploaded
 * @throws {AbortError} when `signal` aborted
 */
export async function uploadFile(input: UploadFileInput): Promise<void> {
  const { transport, artifactId, path, localPath, size, signal } = input
  const url = apiPath`/artifact/${artifactId}/files/${keepSlashes(path)}/`
  const delays = input.retryDelays ?? defaultRetryDelays
  const fail = (reason: string, attempts: number, isRetryable: boolean, cause?: unknown): never => {
    throw new ArtifactUploadError({ path, artifactId, reason, attempts, isRetryable, cause })
  }

  const stats = await stat(localPath).catch((error: unknown) =>
    fail(`cannot read the local file "${localPath}"`, 1, false, error),
  )
  if (stats.size !== size) {
    fail(
      `the local file "${localPath}" has ${stats.size} bytes but the artifact declares ${size}: it changed since the artifact was created`,
      1,
      false,
    )
  }

  // Sends one request, turning what may be retried into RetryableFailure and a 409 into RestartFile.
  const send = async (contentRange: string, body: { start: number; end: number } | undefined) => {
    const watchdog = new AbortController()
    let stalled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const wake = (): void => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        stalled = true
        watchdog.abort(new Error('stalled'))
      }, input.stallTimeout)
    }
    const headers: Record<string, string> = { 'Content-Range': contentRange }
    let requestBody: ReturnType<typeof fileRangeStream> | undefined
    if (body !== undefined) {
      // The server needs the length up front: a body sent chunked is read as empty.
      headers['Content-Length'] = String(body.end - body.start + 1)
      requestBody = fileRangeStream(localPath, body.start, body.end, (bytes) => {
        wake()
        input.onSent(bytes)
      })
    }
    wake()
    try {
      const response = await transport.stream('PUT', url, {
        body: requestBody?.stream,
        headers,
        signal: signal === undefined ? watchdog.signal : AbortSignal.any([signal, watchdog.signal]),
        // The watchdog bounds the wait instead: a whole file may take long to send.
        timeout: Infinity,
        maxRetries: 0,
        idempotent: true,
        expectedStatus: [200, 201, 206],
      })
      await response.body?.cancel()
      return response
    } catch (error) {
      if (signal?.aborted) throw error
      if (stalled || AbortError.isInstance(error)) {
        throw new RetryableFailure(`no progress for ${Math.round(input.stallTimeout / 1000)} s`, {
          cause: error,
        })
      }
      if (ConflictError.isInstance(error)) throw new RestartFile(describeFailure(error), { cause: error })
      if (ApiError.isInstance(error) && error.status === 413 && body !== undefined) {
        throw new BodyTooLarge(describeFailure(error), { cause: error })
      }
      if (ConnectionError.isInstance(error) || (ApiError.isInstance(error) && error.isRetryable)) {
        throw new RetryableFailure(describeFailure(error), { cause: error })
      }
      throw error
    } finally {
      clearTimeout(timer)
      await requestBody?.release()
    }
  }

  const fallbackChunkSize = Math.min(input.fallbackChunkSize ?? PROXY_BODY_LIMIT, input.chunkSize)
  let chunkSize = input.chunkSize
  let lastConflict: RestartFile | undefined
  for (let fileAttempt = 1; fileAttempt <= MAX_WHOLE_FILE_ATTEMPTS; fileAttempt += 1) {
    let failures = 0
    let offset: number | undefined
    // Length of the chunk being sent (0 for a probe), to tell whether a smaller one may pass.
    let chunkLength = 0
    try {
      for (;;) {
        try {
          chunkLength = 0
          if (offset === undefined) {
            const probe = await send(`bytes */${size}`, undefined)
            if (probe.status === 200 || probe.status === 201) {
              input.onCommitted(size)
              return
            }
            offset = heldBytes(probe, size)
            // A complete file also answers "bytes=0-0"; after a failure, ask before resending it all.
            if (offset === 0 && failures > 0 && (await input.isComplete())) {
              input.onCommitted(size)
              return
            }
            input.onCommitted(offset)
            if (size === 0) return
          }
          const end = Math.min(size - 1, offset + chunkSize - 1)
          chunkLength = end - offset + 1
          const response = await send(`bytes ${offset}-${end}/${size}`, { start: offset, end })
          if (response.status === 201) {
            input.onCommitted(size)
            return
          }
          const held = heldBytes(response, size)
          if (held <= offset) {
            throw new RetryableFailure(`the server kept nothing of bytes ${offset}-${end}`)
          }
          offset = held
          failures = 0
          input.onCommitted(offset)
        } catch (error) {
          if (error instanceof BodyTooLarge && chunkLength > fallbackChunkSize) {
            // A proxy's body limit, not a failure: go on in chunks it accepts.
            chunkSize = fallbackChunkSize
            offset = undefined
            continue
          }
          if (error instanceof BodyTooLarge) {
            fail(
              `${error.message}: the server (or a proxy in front of it) refuses a body of ${chunkLength} bytes; pass a smaller chunkSize`,
              failures + 1,
              false,
              error.cause,
            )
          }
          if (!(error instanceof RetryableFailure)) throw error
          // A large request that failed (a proxy may also refuse it by closing the
          // connection) is resent in smaller chunks, which lose less if it fails again.
          if (chunkLength > fallbackChunkSize) chunkSize = fallbackChunkSize
          failures += 1
          if (failures > input.maxRetries) fail(error.message, failures, true, error.cause ?? error)
          try {
            await sleep(retryDelay(failures, undefined, delays), undefined, { signal })
          } catch (reason) {
            throw new AbortError({ method: 'PUT', url: transport.url(url), cause: signal?.reason ?? reason })
          }
          // The server may have kept part of the chunk, or all of it: ask again.
          offset = undefined
        }
      }
    } catch (error) {
      if (!(error instanceof RestartFile)) {
        if (ApiError.isInstance(error)) fail(describeFailure(error), failures + 1, false, error)
        throw error
      }
      lastConflict = error
      input.onCommitted(0)
    }
  }
  fail(
    `the server rejected the received bytes ${MAX_WHOLE_FILE_ATTEMPTS} times (${lastConflict?.message ?? 'hash mismatch'}); ` +
      `the local file "${localPath}" may have changed since the artifact was created`,
    MAX_WHOLE_FILE_ATTEMPTS,
    false,
    lastConflict?.cause,
  )
}
