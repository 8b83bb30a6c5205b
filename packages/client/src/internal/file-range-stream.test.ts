import { EventEmitter } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import * as fs from 'node:fs/promises'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { fileRangeBody, READ_BLOCK_SIZE } from './file-range-stream.js'

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fs>()
  return { ...original, open: vi.fn(original.open) }
})

/** A connection the answer ended while a block was read: destroyed, 'close' already past. */
function socketDestroyedAtFirstWrite(): Socket & { written: number } {
  const socket = Object.assign(new EventEmitter(), {
    destroyed: false,
    written: 0,
    write(block: Uint8Array, callback: (error?: Error) => void): boolean {
      socket.written += block.length
      socket.destroyed = true
      queueMicrotask(() => callback(new Error('write after the answer')))
      return false
    },
  })
  return socket as unknown as Socket & { written: number }
}

describe('fileRangeBody', () => {
  it('ends and closes its file when the connection is destroyed while a block is read', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'file-range-')), 'data.bin')
    writeFileSync(file, Buffer.alloc(3 * READ_BLOCK_SIZE))
    const socket = socketDestroyedAtFirstWrite()
    const sent: number[] = []
    await fileRangeBody(file, 0, 3 * READ_BLOCK_SIZE - 1, (bytes) => sent.push(bytes)).send(socket)
    expect(sent).toEqual([READ_BLOCK_SIZE])
    const handle = (await vi.mocked(fs.open).mock.results[0]?.value) as FileHandle
    // A closed handle has no descriptor any more.
    expect(handle.fd).toBe(-1)
  })
})
