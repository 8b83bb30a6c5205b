// A loopback HTTP server that serves the files of a directory (streamed from disk), or what
// a route returns instead, and records the paths asked for. For the dget-style import tests.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

/** What a route answers instead of a file: a status, or a body to stream. */
export type RouteAnswer = { status: number } | { body: Readable }

/** A running loopback file server. */
export interface LoopbackFileServer {
  /** `http://127.0.0.1:PORT/pool/` — file NAME is at `${base}NAME`. */
  base: string
  /** The file names asked for, in order. */
  requested: string[]
  close(): Promise<void>
}

function send(response: ServerResponse, answer: RouteAnswer): void {
  if ('status' in answer) {
    response.writeHead(answer.status).end()
    return
  }
  response.writeHead(200, { 'Content-Type': 'application/octet-stream' })
  answer.body.pipe(response)
}

/** Serve `directory` under `/pool/`; `routes` answer for some names instead. */
export async function serveDirectory(
  directory: string,
  routes: Record<string, () => RouteAnswer> = {},
): Promise<LoopbackFileServer> {
  const requested: string[] = []
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '').replace(/^\/pool\//, ''))
    requested.push(name)
    const route = routes[name]
    if (route !== undefined) {
      send(response, route())
      return
    }
    const path = join(directory, name)
    stat(path).then(
      (stats) => {
        response.writeHead(200, { 'Content-Length': stats.size })
        createReadStream(path).pipe(response)
      },
      () => send(response, { status: 404 }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}/pool/`,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
