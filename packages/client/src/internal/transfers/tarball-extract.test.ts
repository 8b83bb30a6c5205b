import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { afterAll, describe, expect, it } from 'vitest'
import { tarballByteLimit } from './tarball-bound.js'
import { extractTarball } from './tarball-extract.js'

const scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-extract-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

async function tarGz(files: Record<string, string>): Promise<Buffer> {
  const packer = pack()
  for (const [name, text] of Object.entries(files)) packer.entry({ name }, text)
  packer.finalize()
  const blocks: Buffer[] = []
  for await (const block of packer) blocks.push(block as Buffer)
  return gzipSync(Buffer.concat(blocks))
}

async function* once(data: Buffer): AsyncGenerator<Uint8Array> {
  await Promise.resolve()
  yield data
}

describe('extractTarball', () => {
  // The download checks every destination first; extraction checks again as it writes.
  it('refuses an entry whose directory is a symbolic link, creating nothing through it', async () => {
    const files = { 'ok.txt': 'ok\n', 'sub/deeper/evil.txt': 'evil\n' }
    const out = join(scratch, 'out')
    const outside = join(scratch, 'outside')
    mkdirSync(out)
    mkdirSync(outside)
    symlinkSync(outside, join(out, 'sub'))
    const expected = new Map(
      Object.entries(files).map(([name, text]) => [
        name,
        { size: text.length, sha256: createHash('sha256').update(text).digest('hex') },
      ]),
    )
    const attempt = extractTarball(once(await tarGz(files)), {
      artifactId: 7,
      directory: out,
      expected,
      maxBytes: tarballByteLimit(Object.entries(files).map(([name, text]) => [name, text.length])),
    })
    await expect(attempt).rejects.toMatchObject({
      code: 'symlink_in_destination',
      path: 'sub/deeper/evil.txt',
    })
    expect(readdirSync(outside)).toEqual([])
    expect(readdirSync(out).sort()).toEqual(['ok.txt', 'sub'])
  })
})

describe('tarballByteLimit', () => {
  it('leaves room for a real archive of the files, and little more', async () => {
    const files = { 'a.txt': 'a'.repeat(10_000), [`${'d/'.repeat(60)}long-name.txt`]: 'b' }
    const limit = tarballByteLimit(Object.entries(files).map(([name, text]) => [name, text.length]))
    const packer = pack()
    for (const [name, text] of Object.entries(files)) packer.entry({ name }, text)
    packer.finalize()
    let tar = 0
    for await (const block of packer) tar += (block as Buffer).length
    expect(tar).toBeLessThan(limit)
    expect(limit).toBeLessThan(300_000)
  })
})
