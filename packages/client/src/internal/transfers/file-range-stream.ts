import { open, type FileHandle } from 'node:fs/promises'

/** Bytes read from disk per block of a request body. */
export const READ_BLOCK_SIZE = 1024 * 1024

/**
 * Blocks reused in turn. fetch and undici ask for the next block only once the connection
 * took the previous one (the socket drained), so a block is free again long before its turn
 * comes back; the server checks the SHA-256 of every file anyway. Reusing them keeps memory
 * flat: new blocks would pile up as garbage until the next collection (tens of MiB).
 */
const RING_SIZE = 4

type Ring = Uint8Array<ArrayBuffer>[]

/**
 * Rings of finished request bodies, for the next ones: an upload of many files (one
 * request or more each) reuses the same few MiB instead of leaving each file's as garbage.
 */
const freeRings: Ring[] = []
const MAX_FREE_RINGS = 2

function takeRing(): Ring {
  return freeRings.pop() ?? Array.from({ length: RING_SIZE }, () => new Uint8Array(0))
}

/** A byte range of a file read block by block into a ring of reused blocks. */
interface RangeReader {
  /** The next block (valid until its turn comes back), or `undefined` at the end of the range. */
  next: () => Promise<Uint8Array | undefined>
  /** Close the file; once the request ended, the ring is free for the next body. */
  release: () => Promise<void>
}

function rangeReader(
  localPath: string,
  start: number,
  end: number,
  onRead: (bytes: number) => void,
): RangeReader {
  let position = start
  const ring = takeRing()
  let turn = 0
  let opening: Promise<FileHandle> | undefined
  let released = false
  let ringReturned = false
  const closeFile = async (): Promise<void> => {
    released = true
    const opened = opening
    opening = undefined
    await (await opened?.catch(() => undefined))?.close().catch(() => undefined)
  }
  const next = async (): Promise<Uint8Array | undefined> => {
    if (released) return undefined
    const handle = await (opening ??= open(localPath, 'r'))
    const length = Math.min(READ_BLOCK_SIZE, end + 1 - position)
    if (length <= 0) {
      await closeFile()
      return undefined
    }
    let buffer = ring[turn % RING_SIZE] ?? new Uint8Array(0)
    if (buffer.length < length) buffer = new Uint8Array(READ_BLOCK_SIZE)
    ring[turn % RING_SIZE] = buffer
    turn += 1
    const { bytesRead } = await handle.read(buffer, 0, length, position)
    if (bytesRead === 0) {
      await closeFile()
      throw new Error(`"${localPath}" is shorter than declared: it changed after it was hashed`)
    }
    position += bytesRead
    onRead(bytesRead)
    return buffer.subarray(0, bytesRead)
  }
  const release = async (): Promise<void> => {
    // The request ended: the connection reads none of the ring's blocks any more.
    if (!ringReturned && freeRings.length < MAX_FREE_RINGS) freeRings.push(ring)
    ringReturned = true
    await closeFile()
  }
  return { next, release }
}

/** A request body streamed from a byte range of a file; see {@link fileRangeStream}. */
export interface FileRangeBody {
  stream: ReadableStream<Uint8Array>
  /** Close the file; call it once the request ended, whether or not the body was read. */
  release: () => Promise<void>
}

/**
 * A request body for fetch that streams bytes `[start, end]` of a file from disk, block by
 * block, calling `onRead` with the length of each block the connection takes. `release`
 * closes the file when the request ended before reading it all (fetch does not cancel the
 * body of a request that failed or was answered early).
 */
export function fileRangeStream(
  localPath: string,
  start: number,
  end: number,
  onRead: (bytes: number) => void,
): FileRangeBody {
  const reader = rangeReader(localPath, start, end, onRead)
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const block = await reader.next()
        if (block === undefined) controller.close()
        else controller.enqueue(block)
      },
      async cancel() {
        await reader.release()
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, release: reader.release }
}

/** A request body for `Transport.sendStreamed`: Node streams, no web streams. */
export interface FileRangeBlocks {
  length: number
  blocks: AsyncIterable<Uint8Array>
  /** Close the file; call it once the request ended, whether or not the body was read. */
  release: () => Promise<void>
}

/**
 * A request body of bytes `[start, end]` of a file for `Transport.sendStreamed`, read into a
 * ring of reused blocks; `onRead` gets the length of each block handed to the connection.
 */
export function fileRangeBlocks(
  localPath: string,
  start: number,
  end: number,
  onRead: (bytes: number) => void,
): FileRangeBlocks {
  const reader = rangeReader(localPath, start, end, onRead)
  async function* blocks(): AsyncGenerator<Uint8Array> {
    for (let block = await reader.next(); block !== undefined; block = await reader.next()) yield block
  }
  return { length: end - start + 1, blocks: blocks(), release: reader.release }
}
