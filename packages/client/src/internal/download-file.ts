import { createHash, randomBytes } from 'node:crypto'
import { link, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ArtifactDownloadError } from '../resources/artifact-errors.js'

/**
 * Bytes gathered before one write to disk: 4 MiB was the fastest of 1, 4, 8 and 16 MiB
 * (tooling/bench/README.md); one batch is written while the next one is read.
 */
const WRITE_BATCH_SIZE = 4 * 1024 * 1024

/** Write every byte of `blocks` at the file's position (a short write goes on where it stopped). */
async function writeAll(handle: FileHandle, blocks: Uint8Array[]): Promise<void> {
  let pending = blocks
  while (pending.length > 0) {
    const total = pending.reduce((sum, block) => sum + block.length, 0)
    const { bytesWritten } = await handle.writev(pending)
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
 * Hash the bytes of `source` while writing them to a temporary file next to
 * `destination`, check their size and SHA-256, then give the file its final name, which
 * must not exist. An interrupted or wrong download never leaves a file under the final
 * name, and an existing file is never replaced.
 *
 * @returns the number of bytes written
 * @throws {ArtifactDownloadError} when the destination exists or the bytes are wrong
 */
export async function writeVerified(
  source: AsyncIterable<Uint8Array>,
  input: WriteVerifiedInput,
): Promise<number> {
  const { artifactId, path, destination, expected, signal } = input
  const directory = dirname(destination)
  await mkdir(directory, { recursive: true })
  if (await exists(destination)) throw destinationExists(artifactId, path, destination)
  const temporary = join(directory, `.${basename(destination)}.${randomBytes(6).toString('hex')}.part`)
  const handle = await open(temporary, 'wx')
  let linked = false
  try {
    const hash = createHash('sha256')
    let size = 0
    // Blocks are gathered into batches written with one writev while the next batch is
    // read and hashed: writing each ~64 KiB block of the response and waiting for it made
    // the disk and the network take turns (tooling/bench/README.md).
    let batch: Uint8Array[] = []
    let batched = 0
    // The write in flight never rejects (its failure is kept in `writeFailure`), so that
    // it cannot become an unhandled rejection while the next batch is read.
    let writing: Promise<void> = Promise.resolve()
    let writeFailure: { error: unknown } | undefined
    const settle = async (): Promise<void> => {
      await writing
      if (writeFailure !== undefined) throw writeFailure.error
    }
    const flush = async (): Promise<void> => {
      const blocks = batch
      const length = batched
      batch = []
      batched = 0
      await settle()
      writing = writeAll(handle, blocks).then(
        () => input.onBytes?.(length),
        (error: unknown) => {
          writeFailure = { error }
        },
      )
    }
    try {
      for await (const block of source) {
        signal?.throwIfAborted()
        if (expected !== undefined && size + block.length > expected.size) {
          throw new ArtifactDownloadError(
            'checksum_mismatch',
            `Download of "${path}" (artifact ${artifactId}) has more than the ${expected.size} bytes the server announced; nothing was kept.`,
            { artifactId, path, isRetryable: true },
          )
        }
        if (block.length === 0) continue
        hash.update(block)
        batch.push(block)
        batched += block.length
        size += block.length
        if (batched >= WRITE_BATCH_SIZE) await flush()
      }
      signal?.throwIfAborted()
      if (batched > 0) await flush()
      await settle()
    } finally {
      // A write still in flight must end before the file is closed (and maybe removed).
      await writing
      await handle.close()
    }
    if (expected !== undefined) {
      const digest = hash.digest('hex')
      if (size !== expected.size || (expected.sha256 !== undefined && digest !== expected.sha256)) {
        throw new ArtifactDownloadError(
          'checksum_mismatch',
          `Download of "${path}" (artifact ${artifactId}) is corrupt: got ${size} bytes with SHA-256 ${digest}, ` +
            `expected ${expected.size} bytes with SHA-256 ${expected.sha256 ?? '(unknown)'}; nothing was kept. Try again.`,
          { artifactId, path, isRetryable: true },
        )
      }
    }
    await giveFinalName(temporary, destination, artifactId, path)
    linked = true
    return size
  } finally {
    if (!linked) await unlink(temporary).catch(() => undefined)
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
