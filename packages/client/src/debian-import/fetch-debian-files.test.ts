import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { AbortError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MixedUploadFixture } from '../../../artifacts/test/support/debian-upload-fixtures.js'
import { serveDirectory, type LoopbackFileServer } from '../../test/support/loopback-file-server.js'
import { serveMixedUpload, type ServedUpload } from '../../test/support/served-upload.js'
import { DebianDownloadError } from './debian-download-error.js'
import { fetchDebianFiles } from './fetch-debian-files.js'

let root: string
let fixture: MixedUploadFixture
let server: LoopbackFileServer
let count = 0

/** A new empty directory to fetch into. */
function target(): string {
  count += 1
  const directory = join(root, `out-${count}`)
  mkdirSync(directory)
  return directory
}

async function failure(promise: Promise<unknown>): Promise<DebianDownloadError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!DebianDownloadError.isInstance(error))
    throw new Error(`expected a DebianDownloadError, got ${String(error)}`)
  return error
}

let served: ServedUpload

beforeAll(async () => {
  served = await serveMixedUpload('debusine-ts-dget-')
  ;({ root, fixture, server } = served)
})

afterAll(() => served.close())

describe('fetchDebianFiles', () => {
  it('a .changes brings what it lists, and its .dsc what the .dsc lists, byte for byte', async () => {
    const directory = target()
    const path = await fetchDebianFiles(`${server.base}hello_1.0-1_amd64.changes`, directory)
    expect(path).toBe(join(directory, 'hello_1.0-1_amd64.changes'))
    const names = readdirSync(directory).sort()
    expect(names).toEqual([
      'hello_1.0-1.debian.tar.xz',
      'hello_1.0-1.dsc',
      'hello_1.0-1_amd64.changes',
      'hello_1.0-1_amd64.deb',
      'hello_1.0.orig.tar.gz',
    ])
    for (const name of names) {
      expect(readFileSync(join(directory, name)).equals(readFileSync(join(fixture.directory, name)))).toBe(
        true,
      )
    }
  })

  it('a .deb is fetched alone; a plain file too', async () => {
    const directory = target()
    await fetchDebianFiles(`${server.base}hello_1.0-1_amd64.deb`, directory)
    expect(readdirSync(directory)).toEqual(['hello_1.0-1_amd64.deb'])
  })

  it('refuses a file whose bytes differ from the listing, naming the file and the digest', async () => {
    const tampered = await serveDirectory(fixture.directory, {
      'hello_1.0.orig.tar.gz': () => ({ body: Readable.from([Buffer.from('other bytes\n')]) }),
    })
    try {
      const error = await failure(fetchDebianFiles(`${tampered.base}hello_1.0-1.dsc`, target()))
      expect(error.code).toBe('checksum_mismatch')
      expect(error.message).toMatch(/the download has mis-matching size for hello_1\.0\.orig\.tar\.gz/)
    } finally {
      await tampered.close()
    }
  })

  it('refuses listings that disagree, a name with a slash, HTTP errors and unsupported URLs', async () => {
    const pool = join(root, 'odd')
    mkdirSync(pool)
    const dsc = readFileSync(fixture.dsc, 'utf8')
    writeFileSync(join(pool, 'slash.dsc'), dsc.replace(/hello_1\.0\.orig\.tar\.gz/g, '../escape.tar.gz'))
    // The .changes claims another SHA-256 for the tarball than the .dsc it lists.
    for (const name of readdirSync(fixture.directory)) {
      if (name.endsWith('.dsc') || name.endsWith('.tar.gz') || name.endsWith('.tar.xz')) {
        writeFileSync(join(pool, name), readFileSync(join(fixture.directory, name)))
      }
    }
    const orig = readFileSync(join(fixture.directory, 'hello_1.0.orig.tar.gz'))
    const origSha256 = createHash('sha256').update(orig).digest('hex')
    writeFileSync(
      join(pool, 'conflict.changes'),
      readFileSync(fixture.mixedChanges, 'utf8').replace(origSha256, '0'.repeat(64)),
    )
    const odd = await serveDirectory(pool)
    try {
      const slash = await failure(fetchDebianFiles(`${odd.base}slash.dsc`, target()))
      expect(slash.code).toBe('invalid_file_name')
      const conflict = await failure(fetchDebianFiles(`${odd.base}conflict.changes`, target()))
      expect(conflict.code).toBe('checksum_mismatch')
      expect(conflict.message).toContain('mis-matching sha256 for hello_1.0.orig.tar.gz')
      const missing = await failure(fetchDebianFiles(`${odd.base}absent.dsc`, target()))
      expect([missing.code, missing.isRetryable]).toEqual(['http_status', false])
      expect(missing.message).toContain('HTTP 404')
    } finally {
      await odd.close()
    }
    for (const url of [`${server.base}hello.dsc?x=1`, `${server.base}`, 'ftp://mirror.example/hello.dsc']) {
      expect((await failure(fetchDebianFiles(url, target()))).code).toBe('unsupported_url')
    }
  })

  it('abandons a download that stops sending for stallTimeout, and removes the partial file', async () => {
    const stalled = await serveDirectory(fixture.directory, {
      'hello_1.0.orig.tar.gz': () => {
        const body = new Readable({ read: () => undefined })
        body.push(Buffer.from('the first bytes, then nothing'))
        return { body }
      },
    })
    try {
      const directory = target()
      const error = await failure(
        fetchDebianFiles(`${stalled.base}hello_1.0-1.dsc`, directory, { stallTimeout: 300 }),
      )
      expect([error.code, error.isRetryable]).toEqual(['stalled', true])
      expect(error.message).toContain('hello_1.0.orig.tar.gz stalled: no byte came for 300 ms')
      expect(readdirSync(directory)).toEqual(['hello_1.0-1.dsc'])
    } finally {
      await stalled.close()
    }
  })

  it('an abort while a file streams in rejects with AbortError and removes the partial file', async () => {
    const controller = new AbortController()
    const aborting = await serveDirectory(fixture.directory, {
      'hello_1.0.orig.tar.gz': () => {
        const body = new Readable({ read: () => undefined })
        body.push(Buffer.from('the first bytes'))
        setImmediate(() => controller.abort())
        return { body }
      },
    })
    try {
      const directory = target()
      const error = await fetchDebianFiles(`${aborting.base}hello_1.0-1.dsc`, directory, {
        signal: controller.signal,
      }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      expect(AbortError.isInstance(error)).toBe(true)
      expect(readdirSync(directory)).toEqual(['hello_1.0-1.dsc'])
    } finally {
      await aborting.close()
    }
  })

  it('streams: fetching a 256 MiB file keeps memory flat', async () => {
    const size = 256 * 1024 * 1024
    const block = createHash('sha512').update('seed').digest()
    const blocks = function* (): Generator<Buffer> {
      const chunk = Buffer.alloc(1024 * 1024)
      for (let offset = 0; offset < chunk.length; offset += block.length) block.copy(chunk, offset)
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk
    }
    const sha256 = createHash('sha256')
    const md5 = createHash('md5')
    for (const chunk of blocks()) {
      sha256.update(chunk)
      md5.update(chunk)
    }
    const pool = join(root, 'big')
    mkdirSync(pool)
    writeFileSync(
      join(pool, 'big_1.dsc'),
      `Format: 3.0 (native)\nSource: big\nVersion: 1\n` +
        `Checksums-Sha256:\n ${sha256.digest('hex')} ${size} big_1.tar.xz\n` +
        `Files:\n ${md5.digest('hex')} ${size} big_1.tar.xz\n`,
    )
    const big = await serveDirectory(pool, { 'big_1.tar.xz': () => ({ body: Readable.from(blocks()) }) })
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 5)
    try {
      const directory = target()
      await fetchDebianFiles(`${big.base}big_1.dsc`, directory)
      expect(readdirSync(directory).sort()).toEqual(['big_1.dsc', 'big_1.tar.xz'])
    } finally {
      clearInterval(sampler)
      await big.close()
    }
    const growth = (peak - before) / (1024 * 1024)
    console.log(`fetchDebianFiles of 256 MiB: peak RSS growth ${growth.toFixed(1)} MiB`)
    // Holding the file in memory would add its 256 MiB; the rest is buffers and the server in this process.
    expect(growth).toBeLessThan(160)
  }, 120_000)
})
