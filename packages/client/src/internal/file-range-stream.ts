import { open, type FileHandle } from 'node:fs/promises'
import type { Socket } from 'node:net'
import type { RequestBody } from './socket-request.js'

/** Bytes read from disk per block of a request body. */
export const READ_BLOCK_SIZE = 1024 * 1024

/**
 * Blocks reused in turn. fetch asks for the next block only once the connection took the
 * previous one (the socket drained), so a block is free again long before its turn comes
 * back; the server checks the SHA-256 of every file anyway. Reusing them keeps memory
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

/** A request body streamed from a byte range of a file; see {@link fileRangeStream}. */
export interface FileRangeBody {
  stream: ReadableStream<Uint8Array>
  /** Close the file; call it once the request ended, whether or not the body was read. */
  release: () => Promise<void>
}

/**
 * A request body that streams bytes `[start, end]` of a file from disk, block by block,
 * calling `onRead` with the length of each block the connection takes. `release` closes
 * the file when the request ended before reading it all (fetch does not cancel the body
 * of a request that failed or was answered early).
 */
export function fileRangeStream(
  localPath: string,
  start: number,
  end: number,
  onRead: (bytes: number) => void,
): FileRangeBody {
  let position = start
  const ring = takeRing()
  let turn = 0
  let handle: FileHandle | undefined
  let released = false
  let ringReturned = false
  const closeFile = async (): Promise<void> => {
    released = true
    const opened = handle
    handle = undefined
    await opened?.close().catch(() => undefined)
  }
  const release = async (): Promise<void> => {
    // The request ended: the connection reads none of the ring's blocks any more.
    if (!ringReturned && freeRings.length < MAX_FREE_RINGS) freeRings.push(ring)
    ringReturned = true
    await closeFile()
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      async start() {
        handle = await open(localPath, 'r')
        if (released) await closeFile()
      },
      async pull(controller) {
        if (handle === undefined) return
        const length = Math.min(READ_BLOCK_SIZE, end + 1 - position)
        if (length <= 0) {
          await closeFile()
          controller.close()
          return
        }
        let buffer = ring[turn % RING_SIZE] ?? new Uint8Array(0)
        if (buffer.length < length) buffer = new Uint8Array(READ_BLOCK_SIZE)
        ring[turn % RING_SIZE] = buffer
        turn += 1
        const { bytesRead } = await handle.read(buffer, 0, length, position)
        if (bytesRead === 0) {
          await closeFile()
          controller.error(
            new Error(`"${localPath}" is shorter than declared: it changed after it was hashed`),
          )
          return
        }
        position += bytesRead
        onRead(bytesRead)
        controller.enqueue(buffer.subarray(0, bytesRead))
      },
      async cancel() {
        await closeFile()
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, release }
}

/** Resolves when `socket` can take more, or closed. */
function writable(socket: Socket): Promise<void> {
  // Destroyed while the block was read (the answer came first): 'close' has been emitted
  // already, and waiting for it would keep the file open until the collector closes it.
  if (socket.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = (): void => {
      socket.off('drain', done)
      socket.off('close', done)
      resolve()
    }
    socket.on('drain', done)
    socket.on('close', done)
  })
}

/**
 * A request body that writes bytes `[start, end]` of a file to a connection of its own
 * (see `socketRequest`), from a ring of reused blocks: a block is read again only once the
 * socket flushed it. `onSent` gets the length of each block handed to the socket.
 */
export function fileRangeBody(
  localPath: string,
  start: number,
  end: number,
  onSent: (bytes: number) => void,
): RequestBody {
  const send = async (socket: Socket): Promise<void> => {
    const ring = takeRing()
    const flushed: Promise<boolean>[] = []
    const handle = await open(localPath, 'r')
    let position = start
    try {
      for (let turn = 0; position <= end && !socket.destroyed; turn += 1) {
        const slot = turn % RING_SIZE
        // A write that failed: the connection's 'error' tells the caller.
        if ((await flushed[slot]) === false) return
        if ((ring[slot]?.length ?? 0) < READ_BLOCK_SIZE) ring[slot] = new Uint8Array(READ_BLOCK_SIZE)
        const buffer = ring[slot] as Uint8Array<ArrayBuffer>
        const length = Math.min(READ_BLOCK_SIZE, end + 1 - position)
        const { bytesRead } = await handle.read(buffer, 0, length, position)
        if (bytesRead === 0)
          throw new Error(`"${localPath}" is shorter than declared: it changed after it was hashed`)
        position += bytesRead
        let room = true
        flushed[slot] = new Promise((resolve) => {
          room = socket.write(buffer.subarray(0, bytesRead), (error) =>
            resolve(error === undefined || error === null),
          )
        })
        onSent(bytesRead)
        if (!room) await writable(socket)
      }
      // Every block flushed: the ring is free for the next body.
      if ((await Promise.all(flushed)).every(Boolean) && freeRings.length < MAX_FREE_RINGS)
        freeRings.push(ring)
    } finally {
      await handle.close()
    }
  }
  return { length: end - start + 1, send }
}
