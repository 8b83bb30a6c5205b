import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeVerified } from './download-file.js'

const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-download-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

/** `content` in blocks of uneven sizes, as a network response comes. */
async function* blocksOf(content: Buffer): AsyncGenerator<Uint8Array> {
  let offset = 0
  for (let index = 0; offset < content.length; index += 1) {
    const length = [65_536, 1, 300_000, 0, 16_384][index % 5] ?? 1
    yield content.subarray(offset, offset + length)
    offset += length
    await Promise.resolve()
  }
}

describe('writeVerified', () => {
  it('writes every block in order and reports every byte, a few MiB at a time', async () => {
    const content = randomBytes(9 * 1024 * 1024 + 12_345)
    const destination = join(directory, 'big.bin')
    const reported: number[] = []
    const written = await writeVerified(blocksOf(content), {
      artifactId: 1,
      path: 'big.bin',
      destination,
      expected: { size: content.length, sha256: createHash('sha256').update(content).digest('hex') },
      onBytes: (bytes) => reported.push(bytes),
    })
    expect(written).toBe(content.length)
    expect(readFileSync(destination).equals(content)).toBe(true)
    expect(reported.reduce((sum, bytes) => sum + bytes, 0)).toBe(content.length)
    // Reported once per MiB or more, then the rest: not once per block (~100 blocks).
    expect(reported.length).toBeLessThanOrEqual(10)
    expect(reported.slice(0, -1).every((bytes) => bytes >= 1024 * 1024)).toBe(true)
  })

  it('keeps nothing when the bytes do not match, even after several MiB', async () => {
    const content = randomBytes(6 * 1024 * 1024)
    const destination = join(directory, 'wrong.bin')
    await expect(
      writeVerified(blocksOf(content), {
        artifactId: 1,
        path: 'wrong.bin',
        destination,
        expected: { size: content.length, sha256: '0'.repeat(64) },
      }),
    ).rejects.toMatchObject({ code: 'checksum_mismatch' })
    expect(readdirSync(directory).filter((name) => name.includes('wrong'))).toEqual([])
  })

  it('stops at the first block beyond the announced size', async () => {
    const content = randomBytes(5 * 1024 * 1024)
    const destination = join(directory, 'long.bin')
    await expect(
      writeVerified(blocksOf(content), {
        artifactId: 1,
        path: 'long.bin',
        destination,
        expected: { size: 4 * 1024 * 1024, sha256: undefined },
      }),
    ).rejects.toThrow(/more than the 4194304 bytes/)
    expect(readdirSync(directory).filter((name) => name.includes('long'))).toEqual([])
  })
})
