import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArchiveKeyError } from './archive-key-error.js'
import { ArchiveRepository } from './archive-repository.js'
import { VisibilityTimeoutError } from './visibility-timeout-error.js'

// A loopback archive under a host name that does not resolve (reached through `connectTo`):
// an empty key block on every read, and an index that lists the package
// from read `lagReads` on.
const EMPTY_KEY = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n=twTO\n-----END PGP PUBLIC KEY BLOCK-----\n'
const PARAGRAPH = 'Package: hello\nSource: hello (1.0-1)\nVersion: 1.0-1+b1\nArchitecture: amd64\n'
let server: Server
let port: number
let keyReads = 0
let indexReads = 0
let lagReads = Infinity
const hosts: string[] = []

function release(packages: string): string {
  const sha = createHash('sha256').update(packages).digest('hex')
  return `Suite: dts\nArchitectures: amd64\nComponents: main\nSHA256:\n ${sha} ${packages.length} main/binary-amd64/Packages\n`
}

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '')
    if (request.url === '/debian/w/dists/dts/InRelease') indexReads += 1
    const packages = indexReads >= lagReads ? PARAGRAPH : ''
    if (request.url === '/debian/w/signing-keys.asc') {
      keyReads += 1
      response.end(EMPTY_KEY)
    } else if (request.url === '/debian/w/dists/dts/InRelease') response.end(release(packages))
    else if (request.url === '/debian/w/dists/dts/main/binary-amd64/Packages') response.end(packages)
    else response.writeHead(404).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const repository = (): ArchiveRepository =>
  new ArchiveRepository({ url: `http://deb.example:${port}`, connectTo: '127.0.0.1', scope: 'debian' })

describe('ArchiveRepository on a loopback archive', () => {
  it('retries an empty key block, then says so with ArchiveKeyError naming the URL', async () => {
    const error = await repository()
      .signingKey('w', { deadlineMs: 1500 })
      .catch((caught: unknown) => caught)
    expect(ArchiveKeyError.isInstance(error)).toBe(true)
    expect((error as ArchiveKeyError).message).toMatch(
      /^http:\/\/deb\.example:\d+\/debian\/w\/signing-keys\.asc holds no public key after \d+ s \(an empty key block/,
    )
    expect(keyReads).toBeGreaterThan(1)
    expect(hosts).toContain(`deb.example:${port}`)
  })

  it('isPublished follows an index that lags, by the source and its version', async () => {
    indexReads = 0
    lagReads = 2
    expect(await repository().isPublished('w', 'dts', { source: 'hello', version: '1.0-1' })).toBe(false)
    expect(await repository().isPublished('w', 'dts', { source: 'hello', version: '1.0-1' })).toBe(true)
    expect(await repository().isPublished('w', 'dts', { source: 'hello', version: '1.0-2' })).toBe(false)
  })

  it('waitVisible gives up at its deadline with the missing architectures', async () => {
    const error = await repository()
      .waitVisible('w', 'dts', { source: 'hello', version: '2.0', deadlineMs: 300, pollIntervalMs: 100 })
      .catch((caught: unknown) => caught)
    expect(VisibilityTimeoutError.isInstance(error)).toBe(true)
    expect((error as VisibilityTimeoutError).missing).toEqual(['amd64'])
  })

  it('a suite without InRelease is not published, and reading it is an ArchiveHttpError naming it', async () => {
    expect(await repository().isPublished('w', 'nope', { source: 'hello', version: '1' })).toBe(false)
    await expect(repository().release('w', 'nope')).rejects.toThrow(
      /dists\/nope\/InRelease answered HTTP 404: suite "nope" does not exist or has nothing published yet/,
    )
  })
})
