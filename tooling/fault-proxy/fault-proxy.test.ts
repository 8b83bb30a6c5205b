/**
 * The fault proxy itself, on loopback: a real HTTP server behind it, real sockets in front.
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom, startFaultProxy, type FaultProxy, type Fates } from './index.js'

interface Seen {
  method: string
  url: string
  bytes: number
  complete: boolean
}

let server: Server
let target: string
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const entry: Seen = { method: request.method ?? '', url: request.url ?? '', bytes: 0, complete: false }
    seen.push(entry)
    request.on('data', (chunk: Buffer) => (entry.bytes += chunk.length))
    request.on('end', () => {
      entry.complete = true
      const size = Number(new URL(entry.url, 'http://x').searchParams.get('size') ?? 0)
      if (request.url?.startsWith('/api/close')) response.setHeader('Connection', 'close')
      if (request.url?.startsWith('/chunked')) {
        response.writeHead(200)
        response.write(Buffer.alloc(size / 2, 1))
        response.end(Buffer.alloc(size - size / 2, 2))
      } else {
        response.writeHead(200, { 'Content-Length': String(size) })
        response.end(Buffer.alloc(size, 3))
      }
    })
  })
  server.on('upgrade', (request: IncomingMessage, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n')
    socket.on('data', (chunk: Buffer) => socket.write(chunk))
    socket.on('end', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    }),
)

let proxy: FaultProxy | undefined
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
  seen.length = 0
})

async function start(fates: Fates, seed = 1): Promise<FaultProxy> {
  proxy = await startFaultProxy({ target, seed, fates })
  return proxy
}

interface Answer {
  status: number
  bytes: number
}

/** One request through `agent` (one keep-alive connection when given); body bytes of the answer counted. */
function send(url: string, method: string, body?: Buffer, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, agent, headers: body ? { 'Content-Length': body.length } : {} },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
        response.on('error', (error) => reject(Object.assign(error, { bytes })))
        response.on('aborted', () => reject(Object.assign(new Error('aborted'), { bytes })))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

async function failure(promise: Promise<unknown>): Promise<Error & { bytes?: number }> {
  return promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error as Error & { bytes?: number },
  )
}

describe('fault proxy', () => {
  it('forwards untouched, keeps the target path in its url, and counts bytes', async () => {
    const proxy = await start({})
    expect(proxy.url).toBe(`${proxy.origin}/api`)
    const answer = await send(`${proxy.url}/put?size=1000`, 'PUT', Buffer.alloc(5000))
    expect(answer).toEqual({ status: 200, bytes: 1000 })
    const chunked = await send(`${proxy.url}/chunked?size=4000`, 'GET')
    expect(chunked).toEqual({ status: 200, bytes: 4000 })
    expect(seen.map((entry) => entry.bytes)).toEqual([5000, 0])
    const [put, get] = proxy.counters.requests
    expect(put).toMatchObject({
      method: 'PUT',
      target: '/api/put?size=1000',
      status: 200,
      bodyBytesUp: 5000,
      bodyBytesDown: 1000,
      answered: true,
    })
    expect(get).toMatchObject({ method: 'GET', status: 200, bodyBytesUp: 0, answered: true })
    // Chunked framing, when there is, is counted with the body.
    expect(get?.bodyBytesDown).toBeGreaterThanOrEqual(4000)
    expect(proxy.counters.bodyBytesUp((request) => request.method === 'PUT')).toBe(5000)
    expect(proxy.counters.bytesUp).toBeGreaterThan(5000)
  })

  it('records the side that ended each connection: the server, the client or a fate', async () => {
    const proxy = await start({ connection: ({ connection }) => (connection === 3 ? { kind: 'close' } : { kind: 'pass' }) })
    await send(`${proxy.url}/close`, 'GET')
    const agent = new Agent({ keepAlive: true })
    await send(`${proxy.url}/kept`, 'GET', undefined, agent)
    await new Promise((resolve) => setTimeout(resolve, 200))
    agent.destroy()
    await failure(send(`${proxy.url}/closed`, 'GET'))
    await expect
      .poll(() => proxy.counters.connections.map((connection) => connection.endedBy))
      .toEqual(['server', 'client', 'proxy'])
    const [, kept] = proxy.counters.connections
    expect(kept?.idleMsAtEnd).toBeGreaterThanOrEqual(150)
  })

  it('cuts a request after N body bytes: the server gets exactly N, the client an error', async () => {
    const proxy = await start({
      request: ({ method }) =>
        method === 'PUT' ? { kind: 'cut', direction: 'up', afterBytes: 1234 } : { kind: 'pass' },
    })
    await failure(send(`${proxy.url}/put`, 'PUT', Buffer.alloc(100_000)))
    await expect.poll(() => seen[0]?.bytes).toBe(1234)
    expect(seen[0]?.complete).toBe(false)
    expect(proxy.counters.bodyBytesUp()).toBe(1234)
    // The next connection passes.
    expect((await send(`${proxy.url}/get?size=10`, 'GET')).status).toBe(200)
  })

  it('cuts an answer after N body bytes: the client reads exactly N, then an error', async () => {
    const proxy = await start({ request: () => ({ kind: 'cut', direction: 'down', afterBytes: 3000 }) })
    const error = await failure(send(`${proxy.url}/get?size=100000`, 'GET'))
    expect(error.bytes).toBe(3000)
    expect(proxy.counters.requests[0]).toMatchObject({ status: 200, bodyBytesDown: 3000, answered: false })
  })

  it('cuts each connection after a seeded number of bytes, the same for the same seed', async () => {
    const cutAt = (seed: number): number[] =>
      [1, 2, 3].map((connection) => seededRandom(seed, 1, connection).int(100, 20_000))
    expect(cutAt(7)).toEqual(cutAt(7))
    expect(cutAt(7)).not.toEqual(cutAt(8))
    const proxy = await start(
      { connection: ({ random }) => ({ kind: 'cut', direction: 'up', afterBytes: random.int(100, 20_000) }) },
      7,
    )
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const results: string[] = []
    while (proxy.counters.connections.length < 4) {
      results.push(
        await send(`${proxy.url}/put?size=1`, 'PUT', Buffer.alloc(3000), agent).then(
          (answer) => `ok ${answer.status}`,
          () => 'cut',
        ),
      )
    }
    agent.destroy()
    const forwarded = proxy.counters.connections.map((connection) => connection.bytesUp)
    // Each connection forwarded exactly its seeded number of bytes before the cut.
    expect(forwarded.slice(0, 3)).toEqual(cutAt(7))
    expect(results).toContain('cut')
  })

  it('drops the answer after the server acted', async () => {
    const proxy = await start({ request: () => ({ kind: 'drop-response' }) })
    await failure(send(`${proxy.url}/put?size=100`, 'PUT', Buffer.alloc(10)))
    expect(seen).toMatchObject([{ method: 'PUT', bytes: 10, complete: true }])
    expect(proxy.counters.requests[0]).toMatchObject({ status: 200, bodyBytesDown: 0, answered: false })
  })

  it('answers 503 itself, or closes before the request reaches the server', async () => {
    const proxy = await start({
      request: ({ request }) => (request === 1 ? { kind: 'reply', status: 503 } : { kind: 'close' }),
    })
    expect((await send(`${proxy.url}/put`, 'PUT', Buffer.alloc(10))).status).toBe(503)
    await failure(send(`${proxy.url}/get`, 'GET'))
    expect(seen).toEqual([])
  })

  it('refuses a connection on accept, with a reset when asked', async () => {
    const proxy = await start({ connection: () => ({ kind: 'close', reset: true }) })
    const error = await failure(send(`${proxy.url}/get`, 'GET'))
    expect((error as { code?: string }).code).toBe('ECONNRESET')
    expect(seen).toEqual([])
  })

  it('stalls an answer until the client gives up', async () => {
    const proxy = await start({ request: () => ({ kind: 'stall', direction: 'down', afterBytes: 100 }) })
    const controller = new AbortController()
    const response = await fetch(`${proxy.url}/get?size=100000`, { signal: controller.signal })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    let bytes = 0
    while (bytes < 100) bytes += (await reader.read()).value?.length ?? 0
    expect(bytes).toBe(100)
    // Nothing more arrives; the client decides when to give up.
    const next = reader.read()
    controller.abort()
    await expect(next).rejects.toThrow()
    expect(proxy.counters.requests[0]?.bodyBytesDown).toBe(100)
  })

  it('holds an answer back until released, then forwards it whole', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const proxy = await start({
      request: ({ target }) =>
        target.includes('held') ? { kind: 'hold', until: released } : { kind: 'pass' },
    })
    let heldAnswer: Answer | undefined
    // `Connection: close`: the server closes right after its answer, and that is held back too.
    const closing = new Agent({ keepAlive: false })
    const held = send(`${proxy.url}/held?size=300000`, 'PUT', Buffer.alloc(1000), closing).then(
      (answer) => (heldAnswer = answer),
    )
    // The server answered the held request; a request on another connection passes meanwhile.
    await expect.poll(() => seen[0]?.complete).toBe(true)
    expect(await send(`${proxy.url}/other?size=10`, 'GET')).toEqual({ status: 200, bytes: 10 })
    expect(heldAnswer).toBeUndefined()
    expect(proxy.counters.requests[0]).toMatchObject({ fate: 'hold', answered: false })
    release()
    expect(await held).toEqual({ status: 200, bytes: 300_000 })
    expect(proxy.counters.requests[0]).toMatchObject({ status: 200, answered: true, bodyBytesDown: 300_000 })
  })

  it('tunnels an upgraded connection (websocket) and can sever it', async () => {
    const proxy = await start({})
    const socket = connect(proxy.port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n')
    await expect.poll(() => Buffer.concat(received).toString()).toContain('101 Switching')
    socket.write('ping')
    await expect.poll(() => Buffer.concat(received).toString()).toMatch(/ping$/)
    expect(proxy.counters.requests[0]).toMatchObject({ status: 101 })
    proxy.severAll()
    await closed
  })
})
