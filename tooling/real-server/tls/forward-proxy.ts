// A forward proxy for the tests, on loopback: CONNECT tunnels (https:, and ws:/wss: for the
// completion channel) and absolute-form requests (http:), as squid serves them. Names under
// `.proxy.test` resolve here only (to 127.0.0.1), so a client that ignores the proxy cannot
// reach them. It records what it saw in clear, so a test can prove a token never crossed it
// outside a tunnel. Written here (not a Debian package) to be started in-process by a test and
// to refuse CONNECT on demand.
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

/** One request the proxy took. */
export interface ProxiedRequest {
  /** `CONNECT` or the method of an absolute-form request. */
  method: string
  /** `host:port` for CONNECT, else the absolute URL. */
  target: string
  /** The header lines the proxy read in clear (a tunnel's own traffic is not among them). */
  headers: Record<string, string | string[] | undefined>
  /** The answer the proxy gave: 200 for a tunnel made, 403 refused, 502 unreachable. */
  status: number
}

/** A running {@link startForwardProxy}. */
export interface ForwardProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** What it took, in order. */
  requests: ProxiedRequest[]
  close(): Promise<void>
}

/** Where a name resolves at the proxy: `.proxy.test` names to loopback, others as they are. */
function resolveAtProxy(host: string): string {
  return host.endsWith('.proxy.test') ? '127.0.0.1' : host
}

function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  refused: (target: string) => boolean,
  log: ProxiedRequest[],
  open: Set<Socket>,
): void {
  const target = req.url ?? ''
  const entry: ProxiedRequest = { method: 'CONNECT', target, headers: { ...req.headers }, status: 200 }
  log.push(entry)
  const [host, port] = [
    target.slice(0, target.lastIndexOf(':')),
    Number(target.slice(target.lastIndexOf(':') + 1)),
  ]
  if (refused(target)) {
    entry.status = 403
    client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n')
    return
  }
  const upstream = connect(port, resolveAtProxy(host), () => {
    open.add(client).add(upstream)
    client.write('HTTP/1.1 200 Connection established\r\n\r\n')
    if (head.length > 0) upstream.write(head)
    upstream.pipe(client)
    client.pipe(upstream)
  })
  upstream.on('error', () => {
    entry.status = 502
    client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')
  })
  client.on('error', () => upstream.destroy())
  client.on('close', () => open.delete(client))
  upstream.on('close', () => open.delete(upstream))
}

/**
 * Start the proxy on a free loopback port. `refuse` names the CONNECT targets (`host:port`) it
 * answers 403, as a proxy whose rules forbid them.
 */
export async function startForwardProxy(
  refuse: (target: string) => boolean = () => false,
): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = []
  const tunnels = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/')
    const entry: ProxiedRequest = {
      method: req.method ?? 'GET',
      target: url.href,
      headers: { ...req.headers },
      status: 200,
    }
    requests.push(entry)
    const headers = { ...req.headers }
    delete headers['proxy-connection']
    delete headers['proxy-authorization']
    const upstream = request(
      {
        host: resolveAtProxy(url.hostname),
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        entry.status = answer.statusCode ?? 502
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      entry.status = 502
      res.writeHead(502).end()
    })
    req.pipe(upstream)
  })
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) =>
    tunnel(req, socket, head, refuse, requests, tunnels),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of tunnels) socket.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
