import { createHash, randomBytes } from 'node:crypto'
import { link, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ArtifactDownloadError } from '../resources/artifact-errors.js'
import type { BodySink } from './socket-request.js'

/**
 * Bytes gathered before one write to disk. 1 MiB: writes of 4 MiB made the kernel spend
 * 1-3 s more system time per GiB once the page cache held recently read files (a 1 GiB
 * download after curl + openssl: 2.1-2.3 s at 1 MiB, 3.3-4.6 s at 4 MiB; 256 and 512 KiB
 * a little slower than 1 MiB). Full buffers are written while the next one fills; buffers
 * are reused, so a download of any size holds a few of them.
 */
const WRITE_BATCH_SIZE = 1024 * 1024
/** Full buffers waiting for the disk beyond which the reader is asked to pause. */
const MAX_QUEUED_BATCHES = 2
/** Free full-size buffers kept for the next file: one download after another reuses them. */
const freeBatches: Buffer[] = []
const MAX_FREE_BATCHES = MAX_QUEUED_BATCHES + 2

function takeBatch(size: number): Buffer {
  return (size === WRITE_BATCH_SIZE ? freeBatches.pop() : undefined) ?? Buffer.allocUnsafe(size)
}

function releaseBatch(buffer: Buffer): void {
  if (buffer.length === WRITE_BATCH_SIZE && freeBatches.length < MAX_FREE_BATCHES) freeBatches.push(buffer)
}

/** Write every byte of `block` at `position` (a short write goes on where it stopped). */
async function writeAll(handle: FileHandle, block: Uint8Array, position: number): Promise<void> {
  let at = 0
  while (at < block.length) {
    const { bytesWritten } = await handle.write(block, at, block.length - at, position + at)
    at += bytesWritten
  }
}

/** What the bytes of a download must be. */
export interface ExpectedContent {
  size: number
  sha256: string | undefined
}

/** What {@link writeVerified} writes, and what it checks. */
export interface WriteVerifiedInput {
  artifactId: number
  /** The path in the artifact, for messages. */
  path: string
  /** The final file name. */
  destination: string
  /** What the bytes must be; `undefined` writes them unchecked (the archive itself). */
  expected: ExpectedContent | undefined
  signal?: AbortSignal | undefined
  /** Called as bytes reach the file (every few MiB), with their count. */
  onBytes?: ((bytes: number) => void) | undefined
}

/** Whether something (a file, a directory, a dangling link) exists at `path`. */
export async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined
}

/** The error for a destination that is already there. */
export function destinationExists(
  artifactId: number,
  path: string,
  destination: string,
): ArtifactDownloadError {
  return new ArtifactDownloadError(
    'destination_exists',
    `Cannot download "${path}" of artifact ${artifactId}: "${destination}" already exists. ` +
      'Nothing was overwritten: remove it or choose another destination.',
    { artifactId, path },
  )
}

/**
 * A file being downloaded: bytes are hashed as they arrive and copied into reused buffers
 * that are written to a temporary file next to `destination` while the next one fills.
 * Bytes can be appended from several responses (a transfer resumed with `Range`): the hash
 * covers the whole file. {@link VerifiedFile.commit} checks the size and SHA-256, then
 * gives the file its final name, which must not exist; {@link VerifiedFile.discard}
 * removes it. An interrupted or wrong download never leaves a file under the final name.
 */
export class VerifiedFile implements BodySink {
  readonly #input: WriteVerifiedInput
  readonly #temporary: string
  readonly #handle: FileHandle
  #hash = createHash('sha256')
  #written = 0
  #closed = false
  /** The buffer being filled, and how much of it is. */
  #filling: Buffer | undefined
  #filled = 0
  /** Where the next full buffer goes in the file. */
  #position = 0
  /** A small file needs no 1 MiB buffer. */
  readonly #batchSize: number
  #queued = 0
  #writing: Promise<void> = Promise.resolve()
  #writeFailure: { error: unknown } | undefined

  private constructor(input: WriteVerifiedInput, temporary: string, handle: FileHandle) {
    this.#input = input
    this.#temporary = temporary
    this.#handle = handle
    const size = input.expected?.size ?? WRITE_BATCH_SIZE
    this.#batchSize = Math.max(1, Math.min(WRITE_BATCH_SIZE, size))
  }

  /**
   * Open the temporary file of `input.destination`.
   * @throws {ArtifactDownloadError} when the destination exists
   */
  static async create(input: WriteVerifiedInput): Promise<VerifiedFile> {
    const directory = dirname(input.destination)
    await mkdir(directory, { recursive: true })
    if (await exists(input.destination))
      throw destinationExists(input.artifactId, input.path, input.destination)
    const temporary = join(
      directory,
      `.${basename(input.destination)}.${randomBytes(6).toString('hex')}.part`,
    )
    return new VerifiedFile(input, temporary, await open(temporary, 'wx'))
  }

  /** Bytes received so far (hashed; on disk once {@link VerifiedFile.flush} resolved). */
  get written(): number {
    return this.#written
  }

  /**
   * Forget what was taken: the next bytes start the file again (a server that ignored
   * `Range`). Writes already queued land first; the truncation is queued after them.
   */
  restart(): void {
    this.#hash = createHash('sha256')
    this.#written = 0
    this.#position = 0
    this.#filled = 0
    this.#chain(() => this.#handle.truncate(0))
  }

  /**
   * Take the next bytes of the file, valid only during the call: they are hashed and copied.
   * @returns `false` when the caller should wait for {@link VerifiedFile.drained}
   * @throws the failure of an earlier write, or when the file grows past its announced size
   */
  accept(block: Uint8Array): boolean {
    if (this.#writeFailure !== undefined) throw this.#writeFailure.error
    const { expected } = this.#input
    if (expected !== undefined && this.#written + block.length > expected.size) throw this.#tooLong()
    this.#input.signal?.throwIfAborted()
    // The archive itself is written unchecked: no hash to compute.
    if (expected !== undefined) this.#hash.update(block)
    this.#written += block.length
    let at = 0
    while (at < block.length) {
      this.#filling ??= takeBatch(this.#batchSize)
      const take = Math.min(block.length - at, this.#batchSize - this.#filled)
      this.#filling.set(block.subarray(at, at + take), this.#filled)
      this.#filled += take
      at += take
      if (this.#filled === this.#batchSize) this.#queueFilled()
    }
    return this.#queued < MAX_QUEUED_BATCHES
  }

  /** Resolves when fewer buffers wait for the disk; rejects when a write failed. */
  async drained(): Promise<void> {
    while (this.#queued >= MAX_QUEUED_BATCHES && this.#writeFailure === undefined) await this.#writing
    if (this.#writeFailure !== undefined) throw this.#writeFailure.error
  }

  /** Write what was taken so far; rejects when a write failed. */
  async flush(): Promise<void> {
    if (this.#filled > 0) this.#queueFilled()
    await this.#writing
    if (this.#writeFailure !== undefined) throw this.#writeFailure.error
  }

  /**
   * Append the bytes of `source` (read to its end). When `source` fails, the bytes it gave
   * before are still written, so that {@link VerifiedFile.written} is where to resume.
   */
  async append(source: AsyncIterable<Uint8Array>): Promise<void> {
    try {
      for await (const block of source) {
        if (!this.accept(block)) await this.drained()
      }
      this.#input.signal?.throwIfAborted()
    } finally {
      // Bytes received before a failure are good: write them too, so a resume starts after them.
      await this.flush().catch(() => undefined)
    }
    await this.flush()
  }

  /** Hand the buffer being filled to the writer; the writes run one after the other. */
  #queueFilled(): void {
    const buffer = this.#filling as Buffer
    const length = this.#filled
    const at = this.#position
    this.#filling = undefined
    this.#filled = 0
    this.#position += length
    this.#queued += 1
    this.#chain(async () => {
      await writeAll(this.#handle, buffer.subarray(0, length), at)
      this.#input.onBytes?.(length)
    })
    // Written or skipped after a failure: either way the buffer is free again.
    this.#writing = this.#writing.finally(() => {
      this.#queued -= 1
      releaseBatch(buffer)
    })
  }

  /**
   * Run `operation` on the file after those queued before it. The chain never rejects (a
   * failure is kept and skips what follows), so that it cannot become an unhandled
   * rejection while the next buffer fills.
   */
  #chain(operation: () => Promise<void>): void {
    this.#writing = this.#writing.then(async () => {
      if (this.#writeFailure !== undefined) return
      try {
        await operation()
      } catch (error) {
        this.#writeFailure = { error }
      }
    })
  }

  #tooLong(): ArtifactDownloadError {
    const { artifactId, path, expected } = this.#input
    return new ArtifactDownloadError(
      'checksum_mismatch',
      `Download of "${path}" (artifact ${artifactId}) has more than the ${expected?.size ?? 0} bytes the server announced; nothing was kept.`,
      { artifactId, path, isRetryable: true },
    )
  }

  /**
   * Check the size and SHA-256, then give the file its final name.
   * @throws {ArtifactDownloadError} when the bytes are wrong or the destination appeared meanwhile
   */
  async commit(): Promise<void> {
    const { artifactId, path, expected, destination } = this.#input
    await this.flush()
    await this.#close()
    if (expected !== undefined) {
      const digest = this.#hash.digest('hex')
      if (this.#written !== expected.size || (expected.sha256 !== undefined && digest !== expected.sha256)) {
        throw new ArtifactDownloadError(
          'checksum_mismatch',
          `Download of "${path}" (artifact ${artifactId}) is corrupt: got ${this.#written} bytes with SHA-256 ${digest}, ` +
            `expected ${expected.size} bytes with SHA-256 ${expected.sha256 ?? '(unknown)'}; nothing was kept. Try again.`,
          { artifactId, path, isRetryable: true },
        )
      }
    }
    await giveFinalName(this.#temporary, destination, artifactId, path)
  }

  /** Close and remove the temporary file. */
  async discard(): Promise<void> {
    await this.#close()
    await unlink(this.#temporary).catch(() => undefined)
  }

  async #close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#writing
    await this.#handle.close()
  }
}

/**
 * Hash the bytes of `source` while writing them to a temporary file next to
 * `destination`, check their size and SHA-256, then give the file its final name, which
 * must not exist (see {@link VerifiedFile}).
 *
 * @returns the number of bytes written
 * @throws {ArtifactDownloadError} when the destination exists or the bytes are wrong
 */
export async function writeVerified(
  source: AsyncIterable<Uint8Array>,
  input: WriteVerifiedInput,
): Promise<number> {
  const file = await VerifiedFile.create(input)
  try {
    await file.append(source)
    await file.commit()
    return file.written
  } catch (error) {
    await file.discard()
    throw error
  }
}

/** Rename without ever replacing: a hard link fails if the name is taken; rename is the fallback. */
async function giveFinalName(
  temporary: string,
  destination: string,
  artifactId: number,
  path: string,
): Promise<void> {
  try {
    await link(temporary, destination)
    await unlink(temporary)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'EEXIST') throw destinationExists(artifactId, path, destination)
    // File systems without hard links: check, then rename (a narrow race, but no partial file).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error
    if (await exists(destination)) throw destinationExists(artifactId, path, destination)
    await rename(temporary, destination)
  }
}

/**
 * A pass-through that hashes a download and errors at its end when the size or SHA-256
 * differ from what the server announced.
 */
export function verifyingStream(
  expected: ExpectedContent,
  artifactId: number,
  path: string,
): TransformStream<Uint8Array, Uint8Array> {
  const hash = createHash('sha256')
  let size = 0
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(block, controller) {
      size += block.length
      hash.update(block)
      controller.enqueue(block)
    },
    flush(controller) {
      const digest = hash.digest('hex')
      if (size !== expected.size || (expected.sha256 !== undefined && digest !== expected.sha256)) {
        controller.error(
          new ArtifactDownloadError(
            'checksum_mismatch',
            `Download of "${path}" (artifact ${artifactId}) is corrupt: got ${size} bytes with SHA-256 ${digest}, ` +
              `expected ${expected.size} bytes with SHA-256 ${expected.sha256 ?? '(unknown)'}. Try again.`,
            { artifactId, path, isRetryable: true },
          ),
        )
      }
    },
  })
}
