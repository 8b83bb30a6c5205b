/**
 * A loopback server for the Chromium test: it serves a page and its script, and forwards
 * `/api/...` (HTTP and websocket upgrades) to the real server, so that the page calls the
 * API on its own origin. A browser cannot put the `Token` header on a websocket
 * handshake: the proxy adds it there, as a dashboard's backend would.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'

/** What the proxy serves and where it forwards. */
export interface SameOriginProxyOptions {
  /** The real server's origin, e.g. `http://127.0.0.1:8011`. */
  upstream: string
  /** The token the proxy adds to websocket handshakes. */
  websocketToken: string
  /** Path → [content type, body] of the files the proxy serves itself. */
  files: Readonly<Record<string, readonly [string, string]>>
}

/** A running proxy. */
export interface SameOriginProxy {
  origin: string
  close(): Promise<void>
}

function forwardedHeaders(headers: IncomingHttpHeaders, host: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(', ') : value
  }
  result.host = host
  return result
}

/** Start the proxy on a free loopback port. */
export async function startSameOriginProxy(options: SameOriginProxyOptions): Promise<SameOriginProxy> {
  const upstream = new URL(options.upstream)
  const upgraded = new Set<Duplex>()
  const server: Server = createServer((request, response) => {
    const file = options.files[request.url ?? '']
    if (file !== undefined) {
      response.writeHead(200, { 'content-type': file[0] }).end(file[1])
      return
    }
    if (!(request.url ?? '').startsWith('/api/')) {
      response.writeHead(404).end()
      return
    }
    const forwarded = httpRequest(
      upstream,
      {
        method: request.method,
        path: request.url,
        headers: forwardedHeaders(request.headers, upstream.host),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    forwarded.on('error', () => response.destroy())
    request.pipe(forwarded)
  })
  server.on('upgrade', (request, socket, head) => {
    const headers = forwardedHeaders(request.headers, upstream.host)
    headers.token = options.websocketToken
    const lines = [`${request.method} ${request.url} HTTP/1.1`]
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
    const target = connect(Number(upstream.port), upstream.hostname, () => {
      target.write(`${lines.join('\r\n')}\r\n\r\n`)
      target.write(head)
      socket.pipe(target).pipe(socket)
    })
    upgraded.add(socket).add(target)
    target.on('close', () => upgraded.delete(target))
    socket.on('close', () => upgraded.delete(socket))
    target.on('error', () => socket.destroy())
    socket.on('error', () => target.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upgraded) socket.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
