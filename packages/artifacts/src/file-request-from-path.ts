import { createHash } from 'node:crypto'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { contentTypeForName, sniffContentType } from './content-type.js'
import { FileRequestModel, type FileRequest } from '@debusine-ts/models'
import { notAFileError } from './internal/not-a-file.js'

/**
 * Size of the blocks read to hash a file. Node's default stream reads (64 KiB) make SHA-256
 * about 45% slower; one reused buffer keeps memory constant and small (measured: 1 GiB in
 * 0.75 s and 71 MiB RSS, against 1.45 s and 150 MiB through a read stream). 1 MiB hashes as
 * fast as 4 MiB (2 GiB in 2.7-2.9 s either way) and leaves 3 MiB for the rest.
 */
export const HASH_BLOCK_SIZE = 1024 * 1024

const SNIFF_BYTES = 64 * 1024

/** Options of {@link fileRequestFromPath}. */
export interface FileRequestFromPathOptions {
  /**
   * The content type to declare. When absent it is picked as PROTOCOL §6.1 says: by the
   * suffix of `name`, else by the file's first bytes (see {@link sniffContentType}).
   * `null` declares none.
   */
  contentType?: string | null
  /** The name whose suffix picks the content type (the path in the artifact); default: the file's name. */
  name?: string
  /** Aborts the read; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/** The read block of the last file hashed, for the next one (many files, one block). */
let spareBlock: Buffer | undefined

/**
 * Describe a local file for an artifact creation: its size, its SHA-256 (computed by
 * streaming the file in large blocks, so memory does not grow with the file), `type:
 * 'file'` and a content type.
 *
 * @example
 * const request = await fileRequestFromPath('build/hello_1.0-1.dsc')
 * // { size: 1234, checksums: { sha256: '…' }, type: 'file', content_type: 'text/plain; charset=utf-8' }
 * @throws {ArtifactRuleError} when the file does not exist, is not a regular file or cannot be read
 * @throws the signal's reason when aborted
 */
export async function fileRequestFromPath(
  path: string,
  options: FileRequestFromPathOptions = {},
): Promise<FileRequest> {
  const { signal } = options
  signal?.throwIfAborted()
  const stats = await stat(path).catch((error: unknown) => {
    throw new ArtifactRuleError(`File "${path}" does not exist or cannot be read`, [path], { cause: error })
  })
  if (!stats.isFile()) throw notAFileError(path, stats)

  const hash = createHash('sha256')
  const block = spareBlock ?? Buffer.allocUnsafe(HASH_BLOCK_SIZE)
  spareBlock = undefined
  let head: Buffer | undefined
  let size = 0
  try {
    const file = await open(path, 'r')
    try {
      for (;;) {
        signal?.throwIfAborted()
        const { bytesRead } = await file.read(block, 0, block.length, null)
        if (bytesRead === 0) break
        hash.update(block.subarray(0, bytesRead))
        // The first bytes, copied: the buffer is reused by the next read.
        head ??= Buffer.from(block.subarray(0, Math.min(bytesRead, SNIFF_BYTES)))
        size += bytesRead
      }
    } finally {
      await file.close()
      spareBlock = block
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    throw new ArtifactRuleError(`Cannot read "${path}": ${(error as Error).message}`, [path], {
      cause: error,
    })
  }

  let contentType = options.contentType
  if (contentType === undefined) {
    contentType =
      contentTypeForName(options.name ?? basename(path)) ??
      sniffContentType(head ?? Buffer.alloc(0), size <= (head?.length ?? 0))
  }
  return FileRequestModel.create({
    size,
    checksums: { sha256: hash.digest('hex') },
    type: 'file',
    content_type: contentType,
  })
}
