import { createHash, randomBytes } from 'node:crypto'
import { link, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ArtifactDownloadError } from '../resources/artifact-errors.js'

/**
 * Bytes gathered before one write to disk: 4 MiB was the fastest of 1, 4, 8 and 16 MiB
 * (tooling/bench/README.md); one batch is written while the next one is read.
 */
const WRITE_BATCH_SIZE = 4 * 1024 * 1024

/** Write every byte of `blocks` at `position` (a short write goes on where it stopped). */
async function writeAll(handle: FileHandle, blocks: Uint8Array[], position: number): Promise<void> {
  let pending = blocks
  let at = position
  while (pending.length > 0) {
    const total = pending.reduce((sum, block) => sum + block.length, 0)
    const { bytesWritten } = await handle.writev(pending, at)
    at += bytesWritten
    if (bytesWritten >= total) return
    let skip = bytesWritten
    const rest: Uint8Array[] = []
    for (const block of pending) {
      if (skip >= block.length) {
        skip -= block.length
      } else {
        rest.push(skip > 0 ? block.subarray(skip) : block)
        skip = 0
      }
    }
    pending = rest
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
 * A file being downloaded: bytes are hashed as they arrive and written to a temporary
 * file next to `destination`, in batches written while the next batch is read. Bytes
 * can be appended from several responses (a transfer resumed with `Range`): the hash
 * covers the whole file. {@link VerifiedFile.commit} checks the size and SHA-256, then
 * gives the file its final name, which must not exist; {@link VerifiedFile.discard}
 * removes it. An interrupted or wrong download never leaves a file under the final name.
 */
export class VerifiedFile {
  readonly #input: WriteVerifiedInput
  readonly #temporary: string
  readonly #handle: FileHandle
  #hash = createHash('sha256')
  #written = 0
  #closed = false

  private constructor(input: WriteVerifiedInput, temporary: string, handle: FileHandle) {
    this.#input = input
    this.#temporary = temporary
    this.#handle = handle
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

  /** Bytes received and written so far. */
  get written(): number {
    return this.#written
  }

  /** Forget what was written: the next bytes start the file again (a server that ignored `Range`). */
  async restart(): Promise<void> {
    await this.#handle.truncate(0)
    this.#hash = createHash('sha256')
    this.#written = 0
  }

  /**
   * Append the bytes of `source` (read to its end). When `source` fails, the bytes it gave
   * before are still written, so that {@link VerifiedFile.written} is where to resume.
   */
  async append(source: AsyncIterable<Uint8Array>): Promise<void> {
    const { expected, signal } = this.#input
    let batch: Uint8Array[] = []
    let batched = 0
    let position = this.#written
    // The write in flight never rejects (its failure is kept), so that it cannot become an
    // unhandled rejection while the next batch is read.
    let writing: Promise<void> = Promise.resolve()
    let writeFailure: { error: unknown } | undefined
    const flush = async (): Promise<void> => {
      const blocks = batch
      const length = batched
      batch = []
      batched = 0
      await writing
      if (writeFailure !== undefined) throw writeFailure.error
      const at = position
      position += length
      writing = writeAll(this.#handle, blocks, at).then(
        () => this.#input.onBytes?.(length),
        (error: unknown) => {
          writeFailure = { error }
        },
      )
    }
    try {
      for await (const block of source) {
        signal?.throwIfAborted()
        if (expected !== undefined && this.#written + block.length > expected.size) throw this.#tooLong()
        if (block.length === 0) continue
        this.#hash.update(block)
        batch.push(block)
        batched += block.length
        this.#written += block.length
        if (batched >= WRITE_BATCH_SIZE) await flush()
      }
      signal?.throwIfAborted()
    } finally {
      // Bytes received before a failure are good: write them too, so a resume starts after them.
      if (batched > 0) await flush().catch(() => undefined)
      await writing
    }
    if (writeFailure !== undefined) throw writeFailure.error
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
