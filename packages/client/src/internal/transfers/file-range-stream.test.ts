import { mkdtempSync, writeFileSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { fileRangeBlocks, READ_BLOCK_SIZE } from './file-range-stream.js'

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fs>()
  return { ...original, open: vi.fn(original.open) }
})

function fileOf(bytes: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'file-range-')), 'data.bin')
  writeFileSync(file, Buffer.alloc(bytes, 7))
  return file
}

describe('fileRangeBlocks', () => {
  it('yields the range block by block and closes its file at the end', async () => {
    const file = fileOf(2 * READ_BLOCK_SIZE + 10)
    const sent: number[] = []
    const body = fileRangeBlocks(file, 5, 2 * READ_BLOCK_SIZE + 9, (bytes) => sent.push(bytes))
    let total = 0
    for await (const block of body.blocks) total += block.length
    expect(body.length).toBe(2 * READ_BLOCK_SIZE + 5)
    expect(total).toBe(body.length)
    expect(sent).toEqual([READ_BLOCK_SIZE, READ_BLOCK_SIZE, 5])
    const handle = (await vi.mocked(fs.open).mock.results.at(-1)?.value) as FileHandle
    expect(handle.fd).toBe(-1)
  })

  it('closes its file and ends when released after the connection took a block (the answer came first)', async () => {
    const file = fileOf(3 * READ_BLOCK_SIZE)
    const body = fileRangeBlocks(file, 0, 3 * READ_BLOCK_SIZE - 1, () => undefined)
    const blocks = body.blocks[Symbol.asyncIterator]()
    expect((await blocks.next()).value).toHaveLength(READ_BLOCK_SIZE)
    await body.release()
    const handle = (await vi.mocked(fs.open).mock.results.at(-1)?.value) as FileHandle
    expect(handle.fd).toBe(-1)
    expect((await blocks.next()).done).toBe(true)
  })

  it('fails when the file is shorter than the range', async () => {
    const file = fileOf(10)
    const body = fileRangeBlocks(file, 0, 99, () => undefined)
    await expect(async () => {
      for await (const block of body.blocks) expect(block).toHaveLength(10)
    }).rejects.toThrow(/shorter than declared/)
  })
})
