/**
 * Pages read over the client's kept-alive connections, on a loopback server: one connection
 * for consecutive pages, a `Response` for a complete error answer, and `undefined` (the
 * transport reads again) for a redirect, a body that is not JSON, a cut, an abort and a timeout.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPageOverOwnConnection } from './page-over-own-connection.js'

let server: Server
let base: string
const connections = new Set<Socket>()
const seenTokens: (string | undefined)[] = []

function answer(request: IncomingMessage, response: ServerResponse): void {
  seenTokens.push(request.headers.token as string | undefined)
  const page = JSON.stringify({ next: null, previous: null, results: [{ id: 1 }, { id: 2 }] })
  switch (request.url) {
    case '/page':
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(page)
      return
    case '/busy':
      response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"detail":"busy"}')
      return
    case '/missing':
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not found."}')
      return
    case '/moved':
      response.writeHead(302, { Location: '/page' }).end()
      return
    case '/html':
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>')
      return
    case '/cut':
      // Half of the promised body, then the connection goes.
      response.writeHead(200, { 'Content-Length': String(page.length) })
      response.write(page.slice(0, 20), () => request.socket.destroy())
      return
    case '/silent':
    case undefined:
      // Never answers.
      return
  }
}

function read(path: string, options: { signal?: AbortSignal; timeout?: number } = {}): Promise<unknown> {
  return readPageOverOwnConnection({
    url: `${base}${path}`,
    headers: new Headers({ Token: 'secret', Accept: 'application/json' }),
    signal: options.signal,
    timeout: options.timeout ?? Infinity,
  })
}

beforeAll(async () => {
  server = createServer(answer)
  server.on('connection', (socket) => connections.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('readPageOverOwnConnection', () => {
  it('reads consecutive pages over one kept-alive connection, with the headers it is given', async () => {
    const before = connections.size
    const pages = [await read('/page'), await read('/page'), await read('/page')]
    expect(pages).toEqual(Array(3).fill({ next: null, previous: null, results: [{ id: 1 }, { id: 2 }] }))
    expect(connections.size - before).toBe(1)
    expect(seenTokens.slice(-3)).toEqual(['secret', 'secret', 'secret'])
  })

  it('hands an error answer whole to the transport, and keeps the connection for the next page', async () => {
    await read('/page')
    const before = connections.size
    for (const [path, status, detail] of [
      ['/busy', 503, 'busy'],
      ['/missing', 404, 'Not found.'],
    ] as const) {
      const answer = await read(path)
      expect(answer).toBeInstanceOf(Response)
      expect((answer as Response).status).toBe(status)
      expect((answer as Response).headers.get('content-type')).toBe('application/json')
      expect(await (answer as Response).json()).toEqual({ detail })
    }
    expect(await read('/page')).toMatchObject({ results: [{ id: 1 }, { id: 2 }] })
    expect(connections.size).toBe(before)
  })

  it('leaves a redirect to the transport', async () => {
    expect(await read('/moved')).toBeUndefined()
  })

  it('leaves a body that is not JSON to the transport', async () => {
    expect(await read('/html')).toBeUndefined()
  })

  it('leaves a page cut mid-body to the transport, and opens a new connection for the next', async () => {
    expect(await read('/cut')).toBeUndefined()
    const before = connections.size
    expect(await read('/page')).toMatchObject({ next: null })
    expect(connections.size).toBe(before + 1)
  })

  it('gives up on an aborted read and on one past its timeout', async () => {
    const controller = new AbortController()
    const aborted = read('/silent', { signal: controller.signal })
    controller.abort(new Error('stop'))
    expect(await aborted).toBeUndefined()
    expect(await read('/silent', { signal: AbortSignal.abort() })).toBeUndefined()
    expect(await read('/silent', { timeout: 50 })).toBeUndefined()
  })
})
