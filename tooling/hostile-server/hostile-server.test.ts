import { afterEach, describe, expect, it } from 'vitest'
import { endlessJson, json, stallAfterHeaders, startHostileServer, type HostileServer } from './index.js'

let server: HostileServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('hostile server', () => {
  it('answers its routes, 404 elsewhere, and records each request', async () => {
    server = await startHostileServer({ 'GET /api/1.0/artifact/1/': json({ id: 1 }) })
    expect(await (await fetch(`${server.apiUrl}/1.0/artifact/1/?x=1`)).json()).toEqual({ id: 1 })
    expect((await fetch(`${server.apiUrl}/1.0/other/`)).status).toBe(404)
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/1.0/artifact/1/?x=1',
      '/api/1.0/other/',
    ])
  })

  it('streams an endless body until the client stops reading', async () => {
    server = await startHostileServer({ 'GET /endless': endlessJson() })
    const reader = (await fetch(`${server.origin}/endless`)).body!.getReader()
    let bytes = 0
    while (bytes < 4 << 20) bytes += (await reader.read()).value!.length
    await reader.cancel()
    expect(bytes).toBeGreaterThanOrEqual(4 << 20)
  })

  it('stalls after the headers and is still closed at once', async () => {
    server = await startHostileServer({ 'GET /stall': stallAfterHeaders() })
    const answer = await fetch(`${server.origin}/stall`)
    expect(answer.status).toBe(200)
    const pending = answer.text().catch((error: unknown) => error)
    await server.close()
    server = undefined
    expect(await pending).toBeInstanceOf(Error)
  })
})
