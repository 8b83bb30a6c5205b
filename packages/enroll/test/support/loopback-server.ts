/**
 * A real HTTP server on 127.0.0.1 (port 0) for the enrollment unit tests: real sockets,
 * no mocked fetch. Each test supplies the handler, which may stream its answer slowly.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A request as the server received it. */
export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
  /** `Date.now()` when the request's body had arrived. */
  receivedAt: number
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>

export interface LoopbackServer {
  origin: string
  apiUrl: string
  requests: RecordedRequest[]
  /** Resolves when the client closed (or the server ended) the connection of request `index` (0-based). */
  closedConnection: (index: number) => Promise<void>
  close: () => Promise<void>
}

export async function startServer(handler: Handler): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const closings: Promise<void>[] = []
  const sockets = new Set<Socket>()
  const server = createServer((raw, response) => {
    closings.push(new Promise((resolve) => raw.socket.once('close', () => resolve())))
    const chunks: Buffer[] = []
    raw.on('data', (chunk: Buffer) => chunks.push(chunk))
    raw.on('end', () => {
      const request: RecordedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      }
      requests.push(request)
      Promise.resolve(handler(request, response)).catch((error: unknown) => {
        if (!response.headersSent) response.statusCode = 599
        response.end(String(error))
      })
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    apiUrl: `${origin}/api`,
    requests,
    closedConnection: (index) => closings[index] ?? Promise.reject(new Error(`no request ${index}`)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * Answer as Debusine's enrollment endpoint does: 200 with `application/json` at once, then
 * `keepAlives` newlines `everyMs` apart, then `final` (omit it to stay silent for ever,
 * with the connection open).
 */
export async function streamAnswer(
  response: ServerResponse,
  { keepAlives, everyMs, final }: { keepAlives: number; everyMs: number; final?: string | undefined },
): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/json' })
  response.flushHeaders()
  for (let index = 0; index < keepAlives; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, everyMs))
    if (response.destroyed) return
    response.write('\n')
  }
  if (final === undefined) return
  await new Promise((resolve) => setTimeout(resolve, everyMs))
  if (!response.destroyed) response.end(final)
}
