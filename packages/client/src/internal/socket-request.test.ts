/**
 * The download connection on loopback servers: plain and TLS, a body paused while the
 * sink catches up, one gathered while it trickles in, a cut, an abort and a failing sink.
 */
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { ConnectionError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { socketRequest, type BodySink } from './socket-request.js'

const body = randomBytes(5 * 1024 * 1024 + 3)
const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')
const TRICKLE_CHUNK = 4096
const TRICKLE_BYTES = 100 * TRICKLE_CHUNK
let scratch: string
const servers: Server[] = []

/** A sink that keeps what it gets. */
function collectingSink() {
  const blocks: Buffer[] = []
  const sink: BodySink = { accept: (block) => void blocks.push(Buffer.from(block)) }
  return { sink, bytes: () => Buffer.concat(blocks) }
}

async function listen(server: Server, protocol: 'http' | 'https'): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `${protocol}://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const serveBody: RequestListener = (request, response) => {
  if (request.url === '/chunked') {
    response.writeHead(200, { 'X-Token-Seen': String(request.headers.token) })
    for (let at = 0; at < body.length; at += 100_000) response.write(body.subarray(at, at + 100_000))
    response.end()
  } else if (request.url === '/trickle') {
    // Small writes a little apart, as the server's .tar.gz (with a length: one block per read).
    response.writeHead(200, { 'Content-Length': String(TRICKLE_BYTES) })
    let at = 0
    const next = (): void => {
      if (at >= TRICKLE_BYTES) return void response.end()
      response.write(body.subarray(at, (at += TRICKLE_CHUNK)))
      setTimeout(next, 1)
    }
    next()
  } else if (request.url === '/cut') {
    response.writeHead(200, { 'Content-Length': String(body.length) })
    response.write(body.subarray(0, 1_000_000), () => response.socket?.destroy())
  } else if (request.url === '/silent') {
    response.writeHead(200, { 'Content-Length': String(body.length) }).flushHeaders()
  } else {
    response.writeHead(200, { 'Content-Length': String(body.length) }).end(body)
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-socket-get-'))
})

afterAll(() => {
  for (const server of servers) server.close()
  rmSync(scratch, { recursive: true, force: true })
})

function get(url: string, sink: BodySink, signal: AbortSignal, onHead = () => true) {
  return socketRequest({ method: 'GET', url, headers: new Headers({ Token: 't' }), signal, onHead, sink })
}

describe('socketRequest', () => {
  it('reads a chunked body over plain HTTP', async () => {
    const origin = await listen(createHttpServer(serveBody), 'http')
    const collected = collectingSink()
    const head = await get(`${origin}/chunked`, collected.sink, AbortSignal.timeout(30_000))
    expect(head?.status).toBe(200)
    expect(head?.headers.get('x-token-seen')).toBe('t')
    expect(digest(collected.bytes())).toBe(digest(body))
  })

  it('gathers a body that trickles in into fewer, larger reads, every byte in order', async () => {
    const origin = await listen(createHttpServer(serveBody), 'http')
    const collected = collectingSink()
    let blocks = 0
    const accept = collected.sink.accept
    const sink = { ...collected.sink, accept: (block: Uint8Array) => (blocks++, accept(block)) }
    await get(`${origin}/trickle`, sink, AbortSignal.timeout(30_000))
    expect(digest(collected.bytes())).toBe(digest(body.subarray(0, TRICKLE_BYTES)))
    // 100 writes 1 ms apart; read as they come, each would be a read and a block of its own.
    expect(blocks).toBeLessThan(60)
  })

  it('reads a body over TLS', async () => {
    const key = join(scratch, 'key.pem')
    const cert = join(scratch, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    setDefaultCACertificates([...getCACertificates('default'), readFileSync(cert, 'utf8')])
    const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, serveBody)
    const origin = (await listen(server, 'https')).replace('127.0.0.1', 'localhost')
    const collected = collectingSink()
    await get(`${origin}/whole`, collected.sink, AbortSignal.timeout(30_000))
    expect(digest(collected.bytes())).toBe(digest(body))
  })

  it('fails with a ConnectionError when the body is cut, after passing on what came', async () => {
    const origin = await listen(createHttpServer(serveBody), 'http')
    const collected = collectingSink()
    const error = await get(`${origin}/cut`, collected.sink, AbortSignal.timeout(30_000)).catch(
      (e: unknown) => e,
    )
    expect(ConnectionError.isInstance(error)).toBe(true)
    expect(collected.bytes().equals(body.subarray(0, 1_000_000))).toBe(true)
  })

  it('says a refused connection sent nothing', async () => {
    const closed = createHttpServer()
    const origin = await listen(closed, 'http')
    await new Promise((resolve) => closed.close(resolve))
    const error = await get(`${origin}/whole`, collectingSink().sink, AbortSignal.timeout(30_000)).catch(
      (e: unknown) => e,
    )
    expect(ConnectionError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ delivery: 'not-sent', requestSent: false })
    expect((error as ConnectionError).reason).toMatch(/ECONNREFUSED/)
  })

  it('stops with the reason of an abort while the server sends nothing', async () => {
    const origin = await listen(createHttpServer(serveBody), 'http')
    const controller = new AbortController()
    const reason = new Error('user pressed Ctrl-C')
    const onHead = (): boolean => {
      setImmediate(() => controller.abort(reason))
      return true
    }
    await expect(get(`${origin}/silent`, collectingSink().sink, controller.signal, onHead)).rejects.toBe(
      reason,
    )
  })

  it('gives the failure of the sink as it is, not as a cut connection', async () => {
    const origin = await listen(createHttpServer(serveBody), 'http')
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    const sink: BodySink = {
      accept: () => {
        throw full
      },
    }
    await expect(get(`${origin}/whole`, sink, AbortSignal.timeout(30_000))).rejects.toBe(full)
  })
})
