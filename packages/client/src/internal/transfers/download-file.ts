import { createHash, randomBytes } from 'node:crypto'
import { constants, ftruncateSync, writeSync } from 'node:fs'
import { link, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ArtifactDownloadError } from '../../errors/artifact-errors.js'
import {
  componentsBelow,
  describeHazard,
  findPathHazard,
  makeDirectoriesBelow,
  type PathHazard,
} from '../contained-path.js'

/**
 * Bytes per write to disk: 16 KiB, as curl writes. The kernel sizes the page cache's folios
 * by the write: on this project's machine (a VM whose freed memory goes back to its host),
 * larger folios came from memory the host had to fault in again, so larger writes cost a
 * download several times the system time. The writes are synchronous, between two
 * reads of the socket: a write into the page cache takes microseconds, less than a trip
 * through Node's thread pool, and a disk that cannot keep up pauses the transfer itself
 * (the kernel throttles the writer), the back-pressure a download needs.
 */
const WRITE_SIZE = 16 * 1024
/** Bytes written between two calls of `onBytes`. */
const REPORT_EVERY = 1024 * 1024

/** Write every byte of `block` at `position`, {@link WRITE_SIZE} at a time. */
function writeAllSync(fd: number, block: Uint8Array, position: number): void {
  let at = 0
  while (at < block.length) {
    at += writeSync(fd, block, at, Math.min(WRITE_SIZE, block.length - at), position + at)
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
  /**
   * The target directory the destination lies below, trusted as given (it may itself be a
   * symbolic link: that is the caller's choice). The directories between it and the
   * destination are created one level at a time, and none of them, nor the destination,
   * may be a symbolic link. Without it, the destination's own directory is the trusted one.
   */
  root?: string | undefined
  /** What the bytes must be; `undefined` writes them unchecked (the tarball itself). */
  expected: ExpectedContent | undefined
  /** The most bytes accepted when `expected` is undefined (the tarball's bound). */
  maxBytes?: number | undefined
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

/** The error for a symbolic link (or a non-directory) on the way to a destination. */
export function unsafeDestination(
  artifactId: number,
  path: string,
  root: string,
  hazard: PathHazard,
): ArtifactDownloadError {
  return new ArtifactDownloadError(
    'symlink_in_destination',
    `Cannot download "${path}" of artifact ${artifactId}: ${describeHazard(hazard)}, below the target ` +
      `directory "${root}"; nothing is written through it. Remove it or choose another directory.`,
    { artifactId, path },
  )
}

/**
 * Refuse a destination below `root` that would be written through a symbolic link, or
 * that already exists; nothing is created.
 * @throws {ArtifactDownloadError} `symlink_in_destination` or `destination_exists`
 */
export async function checkDestination(
  artifactId: number,
  path: string,
  root: string,
  destination: string,
): Promise<void> {
  const components = componentsBelow(root, destination)
  if (components !== undefined) {
    const hazard = await findPathHazard(root, components, true)
    if (hazard !== undefined) throw unsafeDestination(artifactId, path, root, hazard)
  }
  if (await exists(destination)) throw destinationExists(artifactId, path, destination)
}

/** Create the directory of `input.destination`, never through a symbolic link below `input.root`. */
async function makeDestinationDirectory(input: WriteVerifiedInput): Promise<void> {
  const directory = dirname(input.destination)
  const root = input.root ?? directory
  await mkdir(root, { recursive: true })
  const components = componentsBelow(root, input.destination)
  if (components === undefined) {
    throw new ArtifactDownloadError(
      'unsafe_archive_entry',
      `Cannot download "${input.path}" of artifact ${input.artifactId}: "${input.destination}" is not below the target directory "${root}".`,
      { artifactId: input.artifactId, path: input.path },
    )
  }
  const hazard = await makeDirectoriesBelow(root, components.slice(0, -1))
  if (hazard !== undefined) throw unsafeDestination(input.artifactId, input.path, root, hazard)
  await checkDestination(input.artifactId, input.path, root, input.destination)
}

// Create a new file, never opening an existing one nor following a link (where the system can tell).
const CREATE_NEW = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0)

/**
 * A file being downloaded: bytes are hashed and written to a temporary file next to
 * `destination` as they arrive. Bytes can be appended from several responses (a transfer
 * resumed with `Range`): the hash covers the whole file. {@link VerifiedFile.commit} checks
 * the size and SHA-256, then gives the file its final name, which must not exist;
 * {@link VerifiedFile.discard} removes it. An interrupted or wrong download never leaves a
 * file under the final name.
 */
export class VerifiedFile {
  readonly #input: WriteVerifiedInput
  readonly #temporary: string
  readonly #handle: FileHandle
  #hash = createHash('sha256')
  #written = 0
  /** Bytes written since `onBytes` was last called. */
  #unreported = 0
  #closed = false

  private constructor(input: WriteVerifiedInput, temporary: string, handle: FileHandle) {
    this.#input = input
    this.#temporary = temporary
    this.#handle = handle
  }

  /**
   * Open the temporary file of `input.destination`.
   * @throws {ArtifactDownloadError} when the destination exists, or a symbolic link is on its way below `input.root`
   */
  static async create(input: WriteVerifiedInput): Promise<VerifiedFile> {
    await makeDestinationDirectory(input)
    const temporary = join(
      dirname(input.destination),
      `.${basename(input.destination)}.${randomBytes(6).toString('hex')}.part`,
    )
    return new VerifiedFile(input, temporary, await open(temporary, CREATE_NEW, 0o666))
  }

  /** The size the file must have, when known (not for the tarball itself). */
  get expectedSize(): number | undefined {
    return this.#input.expected?.size
  }

  /** Bytes written so far, all hashed: where a resumed transfer starts. */
  get written(): number {
    return this.#written
  }

  /** Forget what was taken: the next bytes start the file again (a server that ignored `Range`). */
  restart(): void {
    ftruncateSync(this.#handle.fd, 0)
    this.#hash = createHash('sha256')
    this.#written = 0
  }

  /**
   * Take the next bytes of the file: they are written, then hashed, before this returns.
   * @throws when writing fails (the bytes are then not counted), or when the file grows past its announced size
   */
  accept(block: Uint8Array): void {
    const { expected, maxBytes } = this.#input
    const limit = expected?.size ?? maxBytes
    if (limit !== undefined && this.#written + block.length > limit) throw this.#tooLong(limit)
    this.#input.signal?.throwIfAborted()
    writeAllSync(this.#handle.fd, block, this.#written)
    // The tarball itself is written unchecked: no hash to compute.
    if (expected !== undefined) this.#hash.update(block)
    this.#written += block.length
    this.#unreported += block.length
    if (this.#unreported >= REPORT_EVERY) this.#report()
  }

  /** Append the bytes of `source` (read to its end). */
  async append(source: AsyncIterable<Uint8Array>): Promise<void> {
    try {
      for await (const block of source) this.accept(block)
      this.#input.signal?.throwIfAborted()
    } finally {
      this.#report()
    }
  }

  /** Tell `onBytes` about the bytes written since it was last called. */
  #report(): void {
    if (this.#unreported === 0) return
    const bytes = this.#unreported
    this.#unreported = 0
    this.#input.onBytes?.(bytes)
  }

  #tooLong(limit: number): ArtifactDownloadError {
    const { artifactId, path, expected } = this.#input
    const announced = expected === undefined ? 'its files announce' : 'the server announced'
    return new ArtifactDownloadError(
      'size_exceeded',
      `Download of "${path}" (artifact ${artifactId}) has more than the ${limit} bytes ${announced}; it was cut off and nothing was kept.`,
      { artifactId, path, isRetryable: true },
    )
  }

  /**
   * Check the size and SHA-256, then give the file its final name.
   * @throws {ArtifactDownloadError} when the bytes are wrong or the destination appeared meanwhile
   */
  async commit(): Promise<void> {
    const { artifactId, path, expected, destination } = this.#input
    this.#report()
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
 * differ from what the server announced; a body longer than announced is cut off at once.
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
      if (size > expected.size) {
        controller.error(
          new ArtifactDownloadError(
            'size_exceeded',
            `Download of "${path}" (artifact ${artifactId}) has more than the ${expected.size} bytes the server announced; it was cut off.`,
            { artifactId, path, isRetryable: true },
          ),
        )
        return
      }
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
