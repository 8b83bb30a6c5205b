import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Transport } from './transport.js'

const skew = -3_600_000
let server: ReturnType<typeof createServer>
let apiUrl: string

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.setHeader('Date', new Date(Date.now() + skew).toUTCString())
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterAll(() => server.close())

describe('Transport.serverClockOffset', () => {
  it('is unknown before any answer, then read from the Date header as a lower bound', async () => {
    const transport = new Transport({ apiUrl })
    expect(transport.serverClockOffset).toBeUndefined()
    await transport.request('GET', '/whoami/')
    const offset = transport.serverClockOffset ?? 0
    // Date is truncated to the second: at most a second (plus the trip) below the truth.
    expect(offset).toBeLessThanOrEqual(skew)
    expect(offset).toBeGreaterThan(skew - 2000)
  })
})
