/**
 * A peer that closes the connection right after the last byte of each answer (a server or
 * proxy that keeps nothing alive), met while the reader is slower than the network, so that
 * undici's parser is paused when the close arrives: undici 7 then crashed the process from
 * its socket's `end` handler, an error no caller could catch. Real sockets on loopback.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startForwardProxy, type ForwardProxy } from '../../../../tooling/real-server/tls/forward-proxy.js'
import { createNodeNetwork, type NodeNetwork } from './network.js'

// Larger than any socket buffer, and not a multiple of a read: the last read is a short one.
const SIZE = 4 * 1024 * 1024 + 12_345
const ROUNDS = 3

let origin: Server
let originUrl: string
let proxy: ForwardProxy

beforeAll(async () => {
  const body = Buffer.alloc(SIZE, 0x61)
  origin = createServer((request, response) => {
    const framing: Record<string, string> =
      request.url === '/chunked' ? {} : { 'content-length': String(SIZE) }
    // `Connection: close`: the server ends the connection right after the answer's last byte.
    response.writeHead(200, { ...framing, connection: 'close', 'content-type': 'application/octet-stream' })
    response.end(body)
  })
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
  // The forward proxy passes the origin's `Connection: close` on: it closes after each answer too.
  proxy = await startForwardProxy()
})

afterAll(async () => {
  await proxy.close()
  await new Promise((resolve) => origin.close(resolve))
})

/** A file transfer's GET (undici's `dispatch`): its reader pauses on short reads to gather bytes. */
async function streamedBytes(network: NodeNetwork, url: string): Promise<number> {
  let taken = 0
  await network.sendStreamed({
    method: 'GET',
    url,
    headers: new Headers(),
    signal: new AbortController().signal,
    onHead: () => (block) => {
      taken += block.length
    },
  })
  return taken
}

/** A GET through fetch, its body read a block at a time with a wait before each (a slow writer). */
async function fetchedBytes(network: NodeNetwork, url: string): Promise<number> {
  const response = await network.fetch(url)
  const reader = response.body!.getReader()
  let taken = 0
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1))
    const { done, value } = await reader.read()
    if (done) return taken
    taken += value.length
  }
}

const routes = [
  { via: 'directly', env: (): Record<string, string> => ({}) },
  { via: 'through a plain HTTP proxy', env: (): Record<string, string> => ({ HTTP_PROXY: proxy.url }) },
]

describe.each(routes)('a peer that closes right after each answer, reached $via', ({ env }) => {
  it.each([
    ['a file transfer (dispatch)', streamedBytes, '/file'],
    ['a fetch read slowly', fetchedBytes, '/file'],
    ['a chunked answer read slowly', fetchedBytes, '/chunked'],
  ])('%s gets every byte, %#', async (_name, read, path) => {
    const network = createNodeNetwork({ env: env() })
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        expect(await read(network, `${originUrl}${path}`)).toBe(SIZE)
      }
    } finally {
      await network.close()
    }
  })
})
