import { stat } from 'node:fs/promises'
import {
  AbortError,
  ApiError,
  ConflictError,
  ConnectionError,
  defaultRetryDelays,
  keepSlashes,
  path as apiPath,
  retryDelay,
  sleep,
  type RetryDelays,
  type Transport,
} from '@debusine-ts/transport'
import { ArtifactUploadError } from '../../errors/artifact-errors.js'
import {
  fileRangeBlocks,
  fileRangeStream,
  type FileRangeBlocks,
  type FileRangeBody,
} from './file-range-stream.js'
import { stallWatchdog } from './stall-watchdog.js'
import { putStreamed } from './streamed-put.js'
import { describeFailure } from './transfer-failure.js'

/** How many times a whole file is restarted after the server rejected its hash (409). */
export const MAX_WHOLE_FILE_ATTEMPTS = 3

/**
 * The largest body Debusine's nginx configuration accepts (and the Python client's chunk
 * size): after a larger request was refused (413) or failed, chunks are at most this big.
 */
export const PROXY_BODY_LIMIT = 50 * 1024 * 1024

/** The smallest chunk that repeated failures shrink a chunk to. */
export const MIN_CHUNK_SIZE = 1024 * 1024

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
  /** The largest chunk after a larger request was refused with 413 or failed; default {@link PROXY_BODY_LIMIT}. */
  fallbackChunkSize?: number | undefined
  /** The smallest chunk failures shrink chunks to; default {@link MIN_CHUNK_SIZE}. */
  minChunkSize?: number | undefined
  /** How long one request may make no progress before it is abandoned, in milliseconds. */
  stallTimeout: number
  /** Give up once the server has acknowledged no new byte for this long, in milliseconds. */
  progressTimeout: number
  retryDelays?: RetryDelays | undefined
  signal?: AbortSignal | undefined
  /**
   * The server holds nothing of the file yet (its artifact was created by this call): the
   * first request sends bytes at once, without asking where the server is.
   */
  fresh?: boolean | undefined
  /** Whether the server lists the file as complete (asked only after a failure). */
  isComplete: () => Promise<boolean>
  /** The server holds this many bytes of the file. */
  onCommitted: (bytes: number) => void
  /** This many more bytes were handed to the connection. */
  onSent: (bytes: number) => void
  /**
   * The last byte of the file was handed to the connection, in the request that ends it:
   * the server's answer (which comes once it stored and checked the file) is all that is
   * left. Not called when the file ends without a body sent (complete on the server already).
   */
  onBodySent?: (() => void) | undefined
}

/** A failure worth sending the same bytes again for; `shrink` when a smaller request may pass. */
class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly shrink: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** The server discarded what it held of the file: start it over. */
class RestartFile extends Error {}

/** A proxy refused the body as too large (413). */
class BodyTooLarge extends Error {}

/** Parse `Range: bytes=0-N` (N is a byte count, docs/protocol.md §5). */
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
 * Upload one file of an artifact with the resumable protocol of docs/protocol.md §5: probe what
 * the server holds, send the rest from that offset, streamed from disk. After a connection
 * error, a stall or a 5xx, it probes again and goes on from the server's offset, for as
 * long as the server keeps acknowledging new bytes: it gives up only after
 * `progressTimeout` without progress. A request that failed while its body was being sent
 * is followed by smaller ones (halved, down to `minChunkSize`), so that a link that drops
 * every connection after a few MiB still lets chunks through. A 409 (hash mismatch)
 * restarts the file, at most {@link MAX_WHOLE_FILE_ATTEMPTS} times; a 413 (a proxy's body
 * limit) goes on in chunks of `fallbackChunkSize`.
 *
 * @throws {ArtifactUploadError} when the file cannot be uploaded
 * @throws {AbortError} when `signal` aborted
 */
export async function uploadFile(input: UploadFileInput): Promise<void> {
  const stats = await stat(input.localPath).catch((error: unknown) =>
    fail(input, `cannot read the local file "${input.localPath}"`, 1, false, error),
  )
  if (stats.size !== input.size) {
    fail(
      input,
      `the local file "${input.localPath}" has ${stats.size} bytes but the artifact declares ${input.size}: it changed since the artifact was created`,
      1,
      false,
    )
  }
  await new FileUpload(input).run()
}

function fail(
  input: UploadFileInput,
  reason: string,
  attempts: number,
  isRetryable: boolean,
  cause?: unknown,
): never {
  throw new ArtifactUploadError({
    path: input.path,
    artifactId: input.artifactId,
    reason,
    attempts,
    isRetryable,
    cause,
  })
}

/** The state of one file's upload: where the server is, how big the next chunk may be. */
class FileUpload {
  readonly #input: UploadFileInput
  readonly #url: string
  readonly #fallbackChunkSize: number
  #chunkSize: number
  /** The server's offset, or undefined when it must be asked (probe). */
  #offset: number | undefined
  /** The most bytes the server ever acknowledged; progress is going beyond it. */
  #acknowledged = -1
  #lastProgressAt = Date.now()
  #failuresSinceProgress = 0
  #conflicts = 0
  /** Length of the body in flight (0 for a probe). */
  #chunkLength = 0

  constructor(input: UploadFileInput) {
    this.#input = input
    this.#url = apiPath`/artifact/${input.artifactId}/files/${keepSlashes(input.path)}/`
    this.#chunkSize = input.chunkSize
    if (input.fresh === true) this.#commit(0)
    this.#fallbackChunkSize = Math.min(input.fallbackChunkSize ?? PROXY_BODY_LIMIT, input.chunkSize)
  }

  async run(): Promise<void> {
    for (;;) {
      try {
        if (await this.#step()) return
      } catch (error) {
        await this.#recover(error)
      }
    }
  }

  /** One probe or one chunk; true once the file is complete on the server. */
  async #step(): Promise<boolean> {
    const { size } = this.#input
    this.#chunkLength = 0
    if (this.#offset === undefined) {
      const probe = await this.#send(`bytes */${size}`, undefined)
      if (probe.status === 200 || probe.status === 201) return this.#complete()
      const held = heldBytes(probe, size)
      // A complete file also answers "bytes=0-0"; after a failure, ask before resending it all.
      if (held === 0 && this.#failuresSinceProgress > 0 && (await this.#input.isComplete())) {
        return this.#complete()
      }
      this.#commit(held)
      if (size === 0) return true
    }
    const start = this.#offset ?? 0
    const end = Math.min(size - 1, start + this.#chunkSize - 1)
    this.#chunkLength = end - start + 1
    const response = await this.#send(`bytes ${start}-${end}/${size}`, { start, end })
    if (response.status === 201) return this.#complete()
    const held = heldBytes(response, size)
    if (held <= start) throw new RetryableFailure(`the server kept nothing of bytes ${start}-${end}`, false)
    this.#commit(held)
    return false
  }

  #complete(): boolean {
    this.#commit(this.#input.size)
    return true
  }

  /** Record the server's offset; going beyond anything acknowledged before resets the retry budget. */
  #commit(held: number): void {
    this.#offset = held
    if (held > this.#acknowledged) {
      this.#acknowledged = held
      this.#lastProgressAt = Date.now()
      this.#failuresSinceProgress = 0
    }
    this.#input.onCommitted(held)
  }

  /** Decide what follows a failed step: go on (after a wait) or throw. */
  async #recover(error: unknown): Promise<void> {
    const input = this.#input
    if (error instanceof RestartFile) {
      this.#conflicts += 1
      if (this.#conflicts >= MAX_WHOLE_FILE_ATTEMPTS) {
        fail(
          input,
          `the server rejected the received bytes ${MAX_WHOLE_FILE_ATTEMPTS} times (${error.message}); ` +
            `the local file "${input.localPath}" may have changed since the artifact was created`,
          MAX_WHOLE_FILE_ATTEMPTS,
          false,
          error.cause,
        )
      }
      this.#restart()
      return
    }
    if (error instanceof BodyTooLarge) {
      if (this.#chunkLength <= this.#fallbackChunkSize) {
        fail(
          input,
          `${error.message}: the server (or a proxy in front of it) refuses a body of ${this.#chunkLength} bytes; pass a smaller chunkSize`,
          this.#failuresSinceProgress + 1,
          false,
          error.cause,
        )
      }
      // A proxy's body limit, not a failure: go on in chunks it accepts.
      this.#chunkSize = this.#fallbackChunkSize
      this.#offset = undefined
      return
    }
    if (!(error instanceof RetryableFailure)) {
      if (ApiError.isInstance(error))
        fail(input, describeFailure(error), this.#failuresSinceProgress + 1, false, error)
      throw error
    }
    await this.#retryLater(error)
  }

  #restart(): void {
    this.#offset = undefined
    this.#acknowledged = -1
    this.#input.onCommitted(0)
  }

  async #retryLater(error: RetryableFailure): Promise<void> {
    const input = this.#input
    this.#failuresSinceProgress += 1
    if (error.shrink && this.#chunkLength > 0) {
      const halved = Math.floor(this.#chunkLength / 2)
      const minimum = Math.min(input.minChunkSize ?? MIN_CHUNK_SIZE, this.#chunkLength)
      this.#chunkSize = Math.max(minimum, Math.min(this.#fallbackChunkSize, halved))
    }
    if (Date.now() - this.#lastProgressAt >= input.progressTimeout) {
      const seconds = Math.round((Date.now() - this.#lastProgressAt) / 1000)
      fail(
        input,
        `${error.message}; the server acknowledged no new byte for ${seconds} s`,
        this.#failuresSinceProgress,
        true,
        error.cause ?? error,
      )
    }
    const delays = input.retryDelays ?? defaultRetryDelays
    try {
      // Right after progress the link works: go on at once; without progress, back off.
      await sleep(
        this.#failuresSinceProgress === 1
          ? 0
          : retryDelay(this.#failuresSinceProgress - 1, undefined, delays),
        input.signal,
      )
    } catch (reason) {
      throw new AbortError({
        method: 'PUT',
        url: input.transport.url(this.#url),
        cause: input.signal?.reason ?? reason,
      })
    }
    // The server may have kept part of what was sent, or all of it: ask again.
    this.#offset = undefined
  }

  /** Send one request; what may be retried becomes RetryableFailure, a 409 RestartFile, a 413 BodyTooLarge. */
  async #send(contentRange: string, range: { start: number; end: number } | undefined): Promise<Response> {
    const input = this.#input
    const watchdog = stallWatchdog(input.stallTimeout)
    // The length of a body that ends the file: once it is all sent, only the answer is left.
    const lastBody = range !== undefined && range.end === input.size - 1 ? range.end - range.start + 1 : -1
    let sentInRequest = 0
    const onSent = (bytes: number): void => {
      watchdog.wake()
      input.onSent(bytes)
      sentInRequest += bytes
      if (sentInRequest === lastBody) input.onBodySent?.()
    }
    const signal =
      input.signal === undefined ? watchdog.signal : AbortSignal.any([input.signal, watchdog.signal])
    const headers: Record<string, string> = { 'Content-Range': contentRange }
    const url = input.transport.url(this.#url)
    let blocks: FileRangeBlocks | undefined
    let body: FileRangeBody | undefined
    try {
      // Through the network's dispatcher with Node streams when the transport has one: no web streams.
      if (range !== undefined) blocks = fileRangeBlocks(input.localPath, range.start, range.end, onSent)
      const expectedStatus = [200, 201, 206]
      const put = { transport: input.transport, url, headers, body: blocks, signal, expectedStatus }
      const streamed = putStreamed(put)
      if (streamed !== undefined) return await streamed
      if (range !== undefined) {
        // The server needs the length up front: a body sent chunked is read as empty.
        headers['Content-Length'] = String(range.end - range.start + 1)
        body = fileRangeStream(input.localPath, range.start, range.end, onSent)
      }
      const response = await input.transport.stream('PUT', this.#url, {
        body: body?.stream,
        headers,
        signal,
        // The watchdog bounds the wait instead: a whole file may take long to send.
        timeout: Infinity,
        maxRetries: 0,
        idempotent: true,
        expectedStatus: [200, 201, 206],
      })
      await response.body?.cancel()
      return response
    } catch (error) {
      throw this.#classify(error, watchdog.stalled(), range !== undefined)
    } finally {
      watchdog.stop()
      await Promise.all([blocks?.release(), body?.release()])
    }
  }

  #classify(error: unknown, stalled: boolean, withBody: boolean): unknown {
    if (this.#input.signal?.aborted === true) return error
    if (stalled || AbortError.isInstance(error)) {
      return new RetryableFailure(
        `no progress for ${Math.round(this.#input.stallTimeout / 1000)} s`,
        withBody,
        {
          cause: error,
        },
      )
    }
    if (ConflictError.isInstance(error)) return new RestartFile(describeFailure(error), { cause: error })
    if (ApiError.isInstance(error) && error.status === 413 && withBody) {
      return new BodyTooLarge(describeFailure(error), { cause: error })
    }
    if (ConnectionError.isInstance(error))
      return new RetryableFailure(describeFailure(error), withBody, { cause: error })
    if (ApiError.isInstance(error) && error.isRetryable) {
      return new RetryableFailure(describeFailure(error), false, { cause: error })
    }
    return error
  }
}
