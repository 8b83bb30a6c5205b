/**
 * A small HTTP server on 127.0.0.1 that answers as a hostile or broken Debusine would: crafted
 * JSON, stalls, endless bodies, injected text, file names that aim outside a target. Each test
 * routes the requests it expects to an answer; anything else is a 404. It counts what it was
 * asked, so a test can check what the client did. See README.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What a route does with one request; it may write and end `response` at its own pace. */
export type HostileAnswer = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void

/** One request the server received. */
export interface HostileRequest {
  method: string
  /** The path with its query, as sent. */
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** A running hostile server. */
export interface HostileServer {
  /** The server's origin, `http://127.0.0.1:PORT`. */
  origin: string
  /** The API root a client is given, `${origin}/api`. */
  apiUrl: string
  /** Every request received so far, in order. */
  requests: HostileRequest[]
  /** Routes may be changed between phases of a test. */
  routes: Map<string, HostileAnswer>
  /**
   * How many bytes the server has written to its connections so far, headers included: what
   * a client was sent (or its kernel holds), so a test can tell a body was not read whole.
   */
  bytesSent(): number
  /** Stop listening and destroy every open connection (endless answers included). */
  close(): Promise<void>
}

/**
 * Start a hostile server. `routes` maps `METHOD /path` (path without query) to an answer;
 * the API's paths start with `/api/1.0/`.
 */
export async function startHostileServer(routes: Record<string, HostileAnswer> = {}): Promise<HostileServer> {
  const table = new Map(Object.entries(routes))
  const requests: HostileRequest[] = []
  const sockets = new Set<Socket>()
  let sentByClosed = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = request.url ?? '/'
      requests.push({ method: request.method ?? 'GET', url, headers: request.headers, body })
      const answer = table.get(`${request.method} ${url.split('?')[0]}`)
      if (answer) answer(request, response, body)
      else response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}')
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sentByClosed += socket.bytesWritten
      sockets.delete(socket)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    apiUrl: `${origin}/api`,
    requests,
    routes: table,
    bytesSent: () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, sentByClosed),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
