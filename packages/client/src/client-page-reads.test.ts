/**
 * Which route the pages of a `DebusineClient` list take in Node: undici's `request` through the
 * network's dispatcher by default (and so through its proxy), the configured `fetch` when one
 * is given.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from './client.js'

let server: Server
let origin: string
/** Each request's target as received and whether it came through fetch (it sends `Sec-Fetch-Mode`). */
const received: { target: string; byFetch: boolean }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ target: request.url ?? '', byFetch: request.headers['sec-fetch-mode'] !== undefined })
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ next: null, previous: null, results: [] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(() => {
  received.length = 0
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('DebusineClient list pages in Node', () => {
  it('go through the network’s dispatcher, not fetch, by default', async () => {
    await new DebusineClient({ apiUrl: `${origin}/api` }).workRequests.list().toArray({ limit: 10 })
    expect(received).toEqual([{ target: '/api/1.0/work-request/', byFetch: false }])
  })

  it('go through the network’s proxy (an HTTP proxy gets the absolute URL)', async () => {
    // The server stands in for the proxy: it answers the request it is handed.
    const client = new DebusineClient({ apiUrl: 'http://debusine.invalid/api', proxy: origin })
    await client.workRequests.list().toArray({ limit: 10 })
    expect(received).toEqual([{ target: 'http://debusine.invalid/api/1.0/work-request/', byFetch: false }])
  })

  it('go through the fetch the config gives', async () => {
    const fetched: string[] = []
    const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      fetched.push(input instanceof Request ? input.url : String(input))
      return globalThis.fetch(input, init)
    }
    await new DebusineClient({ apiUrl: `${origin}/api`, fetch }).workRequests.list().toArray({ limit: 10 })
    expect(fetched).toEqual([`${origin}/api/1.0/work-request/`])
    expect(received).toEqual([{ target: '/api/1.0/work-request/', byFetch: true }])
  })
})
