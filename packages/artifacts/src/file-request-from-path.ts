import { createHash } from 'node:crypto'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { basename } from 'node:path'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { contentTypeForName, sniffContentType } from './content-type.js'
import { FileRequestModel, type FileRequest } from '@debusine-ts/models'
import { notAFileError } from './internal/not-a-file.js'

/**
 * Size of the blocks read to hash a file (two of them, reused). Node's default stream reads
 * (64 KiB) make SHA-256 markedly slower, and reused buffers keep memory constant and small
 * where a read stream allocates as it goes; with reads overlapping the hashing, blocks from
 * 512 KiB up hash as fast as larger ones.
 */
export const HASH_BLOCK_SIZE = 1024 * 1024

const SNIFF_BYTES = 64 * 1024

/** Options of {@link fileRequestFromPath}. */
export interface FileRequestFromPathOptions {
  /**
   * The content type to declare. When absent it is picked as docs/protocol.md §4 says: by the
   * suffix of `name`, else by the file's first bytes (see {@link sniffContentType}).
   * `null` declares none.
   */
  contentType?: string | null
  /** The name whose suffix picks the content type (the path in the artifact); default: the file's name. */
  name?: string
  /** Aborts the read; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/** The two read blocks of the last file hashed, for the next one (many files, the same blocks). */
let spareBlocks: [Buffer, Buffer] | undefined

/** What {@link hashFile} found: the size, the SHA-256 and a copy of the first bytes (for sniffing). */
interface HashedFile {
  size: number
  sha256: string
  head: Buffer
}

/**
 * Hash the file open as `file`, reading the next block while the last one is hashed: the
 * read (a copy from the page cache, on libuv's thread pool) and the hashing (on this thread)
 * overlap, so a file is hashed in about the time of the hashing alone, not of the read and
 * then the hashing.
 */
async function hashFile(
  file: FileHandle,
  blocks: [Buffer, Buffer],
  signal?: AbortSignal,
): Promise<HashedFile> {
  const hash = createHash('sha256')
  let head: Buffer | undefined
  let size = 0
  let reading = file.read(blocks[0], 0, HASH_BLOCK_SIZE, null)
  for (;;) {
    const { bytesRead, buffer } = await reading
    if (bytesRead === 0) break
    // Checked before the next read starts: when it throws, no read is left writing into a block.
    signal?.throwIfAborted()
    reading = file.read(buffer === blocks[0] ? blocks[1] : blocks[0], 0, HASH_BLOCK_SIZE, null)
    hash.update(buffer.subarray(0, bytesRead))
    // The first bytes, copied: the block is read into again after this turn.
    head ??= Buffer.from(buffer.subarray(0, Math.min(bytesRead, SNIFF_BYTES)))
    size += bytesRead
  }
  return { size, sha256: hash.digest('hex'), head: head ?? Buffer.alloc(0) }
}

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

  const blocks = spareBlocks ?? [Buffer.allocUnsafe(HASH_BLOCK_SIZE), Buffer.allocUnsafe(HASH_BLOCK_SIZE)]
  spareBlocks = undefined
  let hashed: HashedFile
  try {
    const file = await open(path, 'r')
    try {
      hashed = await hashFile(file, blocks, signal)
    } finally {
      await file.close()
      spareBlocks = blocks
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
      sniffContentType(hashed.head, hashed.size <= hashed.head.length)
  }
  return FileRequestModel.create({
    size: hashed.size,
    checksums: { sha256: hashed.sha256 },
    type: 'file',
    content_type: contentType,
  })
}
