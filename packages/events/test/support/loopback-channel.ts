/**
 * A real websocket server on 127.0.0.1 (port 0) that plays the server side of the
 * completion channel for the unit tests: real sockets, no mocks. Each test drives it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/** One websocket connection the server accepted. */
export interface ChannelConnection {
  socket: WebSocket
  /** Path and query of the handshake. */
  url: string
  /** The query parameters of the handshake. */
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** Send a JSON object as a text frame. */
  send: (message: unknown) => void
  /** Send `{"type": "websocket.send", "text": "connected"}`. */
  accept: () => void
  /** Send a completion. */
  complete: (id: number, completedAt: string, result?: string) => void
}

export interface LoopbackChannel {
  apiUrl: string
  /** Every connection so far, in order. */
  connections: ChannelConnection[]
  /** HTTP requests that were not websocket handshakes: `METHOD path`. */
  httpRequests: string[]
  /** Resolves with connection number `index` (0-based) once it exists. */
  connection: (index: number) => Promise<ChannelConnection>
  close: () => Promise<void>
}

export interface LoopbackChannelOptions {
  /** Called for each connection; default: accept it at once. */
  onConnection?: (connection: ChannelConnection) => void
  /** Answers plain HTTP requests (the API); default 404. */
  onHttp?: (request: IncomingMessage, response: ServerResponse) => void
  /** Whether the server answers pings; default true. */
  autoPong?: boolean
  /** Refuse handshakes with this HTTP status. */
  handshakeStatus?: number
}

export async function startChannel(options: LoopbackChannelOptions = {}): Promise<LoopbackChannel> {
  const connections: ChannelConnection[] = []
  const httpRequests: string[] = []
  const waiters: (() => void)[] = []
  const server = createServer((request, response) => {
    httpRequests.push(`${request.method ?? ''} ${request.url ?? ''}`)
    if (options.onHttp) options.onHttp(request, response)
    else response.writeHead(404).end()
  })
  const websockets = new WebSocketServer({ noServer: true, autoPong: options.autoPong ?? true })
  server.on('upgrade', (request, socket, head) => {
    if (options.handshakeStatus !== undefined) {
      socket.end(
        `HTTP/1.1 ${options.handshakeStatus} Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      )
      return
    }
    websockets.handleUpgrade(request, socket, head, (websocket) => {
      const url = request.url ?? ''
      const send = (message: unknown): void => websocket.send(JSON.stringify(message))
      const connection: ChannelConnection = {
        socket: websocket,
        url,
        query: new URL(url, 'http://x').searchParams,
        headers: request.headers,
        send,
        accept: () => send({ type: 'websocket.send', text: 'connected' }),
        complete: (id, completedAt, result = 'success') =>
          send({
            type: 'websocket.send',
            text: 'work_request_completed',
            work_request_id: id,
            completed_at: completedAt,
            result,
          }),
      }
      connections.push(connection)
      for (const waiter of waiters.splice(0)) waiter()
      if (options.onConnection) options.onConnection(connection)
      else connection.accept()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    connections,
    httpRequests,
    async connection(index) {
      while (connections.length <= index) await new Promise<void>((resolve) => waiters.push(resolve))
      return connections[index] as ChannelConnection
    },
    async close() {
      for (const client of websockets.clients) client.terminate()
      websockets.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
