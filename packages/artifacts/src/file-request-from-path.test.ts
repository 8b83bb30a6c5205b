import { execFileSync } from 'node:child_process'
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeDirectory, temporaryDirectory } from '../test/support/debian-fixtures.js'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { sniffContentType } from './content-type.js'
import { fileRequestFromPath } from './file-request-from-path.js'

let directory: string
beforeAll(() => {
  directory = temporaryDirectory()
})
afterAll(() => removeDirectory(directory))

async function writeBigFile(path: string, mebibytes: number): Promise<void> {
  const stream = createWriteStream(path)
  const block = Buffer.alloc(1024 * 1024)
  for (let index = 0; index < mebibytes; index++) {
    block.fill(index * 7 + 1)
    block.write(`block ${index}`)
    if (!stream.write(block)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve) => stream.end(() => resolve()))
}

describe('fileRequestFromPath', () => {
  it('streams a multi-MiB file and matches sha256sum', async () => {
    const path = join(directory, 'big.bin')
    await writeBigFile(path, 9)
    const request = await fileRequestFromPath(path)
    const expected = execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0]
    expect(request).toEqual({
      size: 9 * 1024 * 1024,
      checksums: { sha256: expected },
      type: 'file',
      content_type: 'application/octet-stream; charset=binary',
    })
  })

  it('describes a 0-byte file', async () => {
    const path = join(directory, 'empty')
    writeFileSync(path, '')
    expect(await fileRequestFromPath(path)).toEqual({
      size: 0,
      checksums: { sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
      type: 'file',
      content_type: 'application/x-empty; charset=binary',
    })
  })

  it('picks the content type by suffix, then by content; an explicit one wins', async () => {
    const sub = join(directory, 'sub dir', 'é')
    mkdirSync(sub, { recursive: true })
    const dsc = join(sub, 'hello é_1.0.dsc')
    writeFileSync(dsc, 'Source: hello\n')
    expect((await fileRequestFromPath(dsc)).content_type).toBe('text/plain; charset=utf-8')
    expect((await fileRequestFromPath(dsc, { name: 'README.md' })).content_type).toBe(
      'text/markdown; charset=utf-8',
    )
    expect((await fileRequestFromPath(dsc, { name: 'x' })).content_type).toBe('text/plain; charset=us-ascii')
    expect((await fileRequestFromPath(dsc, { contentType: 'text/x-custom' })).content_type).toBe(
      'text/x-custom',
    )
    expect((await fileRequestFromPath(dsc, { contentType: null })).content_type).toBeNull()
  })

  it('rejects a missing file and a directory, naming them', async () => {
    await expect(fileRequestFromPath(join(directory, 'missing'))).rejects.toThrow(/missing" does not exist/)
    await expect(fileRequestFromPath(directory)).rejects.toSatisfy(
      (error) => ArtifactRuleError.isInstance(error) && error.paths[0] === directory,
    )
  })

  it('stops mid-file when aborted, and the reused blocks then hash the next file right', async () => {
    const first = join(directory, 'abort-mid.bin')
    const second = join(directory, 'after-abort.bin')
    await writeBigFile(first, 6)
    await writeBigFile(second, 5)
    const controller = new AbortController()
    let checks = 0
    const signal = new Proxy(controller.signal, {
      get(target, property) {
        // Aborted once two blocks were read.
        if (property === 'throwIfAborted')
          return () => {
            checks += 1
            if (checks === 3) controller.abort(new Error('stop'))
            target.throwIfAborted()
          }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    await expect(fileRequestFromPath(first, { signal })).rejects.toThrow('stop')
    const expected = execFileSync('sha256sum', [second], { encoding: 'utf8' }).split(' ')[0]
    expect((await fileRequestFromPath(second)).checksums.sha256).toBe(expected)
  })

  it('stops when aborted', async () => {
    const path = join(directory, 'abort.bin')
    await writeBigFile(path, 2)
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    await expect(fileRequestFromPath(path, { signal: controller.signal })).rejects.toThrow('stop')
  })
})

describe('sniffContentType', () => {
  const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values)
  it.each([
    [bytes(0x1f, 0x8b, 8, 0), 'application/gzip; charset=binary'],
    [bytes(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00), 'application/x-xz; charset=binary'],
    [bytes(0x28, 0xb5, 0x2f, 0xfd), 'application/zstd; charset=binary'],
    [new TextEncoder().encode('BZh91AY'), 'application/x-bzip2; charset=binary'],
    [
      new TextEncoder().encode('!<arch>\ndebian-binary   '),
      'application/vnd.debian.binary-package; charset=binary',
    ],
    [new TextEncoder().encode('{"a": 1}\n'), 'application/json; charset=us-ascii'],
    [new TextEncoder().encode('caf\u00e9\n'), 'text/plain; charset=utf-8'],
    [bytes(0xff, 0xfe, 0x41), 'application/octet-stream; charset=binary'],
  ])('recognises %o', (head, expected) => {
    expect(sniffContentType(head, true)).toBe(expected)
  })

  it('recognises a tar archive by its ustar magic', () => {
    const head = new Uint8Array(512)
    head.set(new TextEncoder().encode('ustar'), 257)
    expect(sniffContentType(head, true)).toBe('application/x-tar; charset=binary')
  })
})
