import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DaemonStatus } from './daemon-status.js'

/** Where `--health` listens. */
export interface HealthAddress {
  /** The address to listen on: an IP address or a host name. */
  host: string
  /** The TCP port; 0 lets the system pick one. */
  port: number
}

const addressPattern = /^(?:(?:\[([0-9a-f:.]+)\]|([^:[\]]+)):)?(\d{1,5})$/i

/**
 * Read a `--health` value: `PORT`, `HOST:PORT` or `[IPv6]:PORT`; the host defaults to
 * 127.0.0.1 (the endpoint says nothing secret, but it is for the machine's own checks).
 * Returns undefined when the value is not such an address.
 */
export function parseHealthAddress(text: string): HealthAddress | undefined {
  const match = addressPattern.exec(text.trim())
  if (match === null) return undefined
  const port = Number(match[3])
  if (port > 65_535) return undefined
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port }
}

/**
 * Serve `GET /healthz` (200 while the process is alive) and `GET /readyz` (200 when
 * connected and caught up, 503 otherwise), both with a small JSON body; anything else
 * is 404. Resolves once listening, with the server and the port it got.
 *
 * @example
 * const { port } = await startHealthServer({ host: '127.0.0.1', port: 0 }, daemonStatus)
 */
export async function startHealthServer(
  address: HealthAddress,
  status: DaemonStatus,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    let code = 404
    let body: unknown = { error: 'not found: use /healthz or /readyz' }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      code = 405
      body = { error: 'method not allowed' }
    } else if (path === '/healthz') {
      code = 200
      body = { alive: true, stopping: status.stopping }
    } else if (path === '/readyz') {
      code = status.ready ? 200 : 503
      body = status.toJSON()
    }
    response.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    response.end(`${JSON.stringify(body)}\n`)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Health checks must not keep a stopping daemon alive.
  server.unref()
  return { server, port: (server.address() as AddressInfo).port }
}
