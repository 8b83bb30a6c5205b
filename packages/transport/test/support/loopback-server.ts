/**
 * A real HTTP server on 127.0.0.1 (port 0) for the transport's unit tests: real sockets,
 * no mocked fetch. Each test supplies the handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach } from 'vitest'

/** A request as the server received it. */
export interface RecordedRequest {
  method: string
  /** Path and query, as sent on the request line. */
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** What a handler gets. */
export interface Exchange {
  request: RecordedRequest
  raw: IncomingMessage
  response: ServerResponse
  /** 1-based number of this request on this server. */
  index: number
}

export type Handler = (exchange: Exchange) => void | Promise<void>

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  origin: string
  /** `http://127.0.0.1:PORT/api` */
  apiUrl: string
  requests: RecordedRequest[]
  /** Sockets closed so far (by either side). */
  closedSockets: () => number
  close: () => Promise<void>
}

export async function startServer(handler: Handler): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  let closed = 0
  const server: Server = createServer((raw, response) => {
    const chunks: Buffer[] = []
    raw.on('data', (chunk: Buffer) => chunks.push(chunk))
    raw.on('end', () => {
      const request: RecordedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      Promise.resolve(handler({ request, raw, response, index: requests.length })).catch((error: unknown) => {
        response.statusCode = 599
        response.end(String(error))
      })
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      closed += 1
      sockets.delete(socket)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    apiUrl: `${origin}/api`,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** An origin where nothing listens (a port that was free a moment ago). */
export async function deadOrigin(): Promise<string> {
  const server = await startServer(() => {})
  await server.close()
  return server.origin
}

/** Send a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

/** Send an RFC 7807 problem as Debusine does. */
export function sendProblem(
  response: ServerResponse,
  status: number,
  problem: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/problem+json', ...headers })
  response.end(JSON.stringify(problem))
}

/**
 * A `serve(handler)` for a test file: each server it starts is closed after the test that
 * started it.
 */
export function loopbackServers(): (handler: Handler) => Promise<LoopbackServer> {
  const servers: LoopbackServer[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  return async (handler) => {
    const server = await startServer(handler)
    servers.push(server)
    return server
  }
}
