/**
 * Which route the pages of a `DebusineClient` list take in Node: the client's own
 * kept-alive connection by default, the configured `fetch` when one is given, and Node's
 * fetch when `NODE_USE_ENV_PROXY` asks fetch to use a proxy.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from './client.js'

let server: Server
let apiUrl: string
/** Whether each request came through Node's fetch (it sends `Sec-Fetch-Mode`). */
const byFetch: boolean[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    byFetch.push(request.headers['sec-fetch-mode'] !== undefined)
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ next: null, previous: null, results: [] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterEach(() => {
  byFetch.length = 0
  delete process.env.NODE_USE_ENV_PROXY
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('DebusineClient list pages in Node', () => {
  it('go over the client’s own connection by default', async () => {
    await new DebusineClient({ apiUrl }).workRequests.list().toArray({ limit: 10 })
    expect(byFetch).toEqual([false])
  })

  it('go through the fetch the config gives', async () => {
    const fetched: string[] = []
    const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      fetched.push(input instanceof Request ? input.url : String(input))
      return globalThis.fetch(input, init)
    }
    await new DebusineClient({ apiUrl, fetch }).workRequests.list().toArray({ limit: 10 })
    expect(fetched).toEqual([`${apiUrl}/1.0/work-request/`])
    expect(byFetch).toEqual([true])
  })

  it('go through Node’s fetch when NODE_USE_ENV_PROXY is set', async () => {
    process.env.NODE_USE_ENV_PROXY = '1'
    await new DebusineClient({ apiUrl }).workRequests.list().toArray({ limit: 10 })
    expect(byFetch).toEqual([true])
  })
})
