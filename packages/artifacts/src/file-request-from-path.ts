import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { contentTypeForName, sniffContentType } from './content-type.js'
import { FileRequestModel, type FileRequest } from '@debusine-ts/models'

/**
 * Size of the blocks read to hash a file. Node's default (64 KiB) makes SHA-256 about 45%
 * slower; 4 MiB blocks keep memory constant and small.
 */
export const HASH_BLOCK_SIZE = 4 * 1024 * 1024

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
  if (!stats.isFile()) throw new ArtifactRuleError(`"${path}" is not a regular file`, [path])

  const hash = createHash('sha256')
  const head: Uint8Array[] = []
  let headLength = 0
  let size = 0
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: HASH_BLOCK_SIZE, signal })) {
      const block = chunk as Buffer
      hash.update(block)
      size += block.length
      if (headLength < SNIFF_BYTES) {
        const part = block.subarray(0, SNIFF_BYTES - headLength)
        head.push(Uint8Array.from(part))
        headLength += part.length
      }
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
      sniffContentType(Buffer.concat(head), size <= headLength)
  }
  return FileRequestModel.create({
    size,
    checksums: { sha256: hash.digest('hex') },
    type: 'file',
    content_type: contentType,
  })
}
