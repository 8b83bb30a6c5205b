import { describe, expect, it } from 'vitest'
import { loopbackServers, sendJson, type LoopbackServer } from '../test/support/loopback-server.js'
import { Transport } from './transport.js'

const TOKEN = 'a'.repeat(64)
const serve = loopbackServers()

/** The API's server, redirecting `/api/1.0/away/<status>/` to `target`, and another origin that answers. */
async function twoOrigins(): Promise<{ api: LoopbackServer; other: LoopbackServer; transport: Transport }> {
  const other = await serve(({ response }) => sendJson(response, 200, { other: true }))
  const api = await serve(({ request, response }) => {
    const match = /\/(away|home)\/(\d+)\//.exec(request.url)
    if (match === null) {
      sendJson(response, 200, { home: true })
      return
    }
    const target = match[1] === 'away' ? `${other.origin}/store/file` : '/api/1.0/landed/'
    response.writeHead(Number(match[2]), { Location: target })
    response.end()
  })
  const transport = new Transport({ apiUrl: api.apiUrl, token: TOKEN, scope: 'debian' })
  return { api, other, transport }
}

describe('redirects', () => {
  it('never carry the token or the scope to another origin', async () => {
    const { other, transport } = await twoOrigins()
    for (const status of [301, 302, 303, 307, 308]) {
      await expect(transport.request('GET', `/away/${status}/`)).resolves.toEqual({ other: true })
    }
    const response = await transport.stream('GET', '/away/302/')
    await response.body?.cancel()
    expect(other.requests).toHaveLength(6)
    for (const request of other.requests) {
      expect(request.headers.token).toBeUndefined()
      expect(request.headers['x-debusine-scope']).toBeUndefined()
      expect(JSON.stringify(request.headers)).not.toContain(TOKEN)
    }
  })

  it('keep the token on the API origin, and turn a POST into a GET after 303 as fetch does', async () => {
    const { api, transport } = await twoOrigins()
    await expect(transport.request('POST', '/home/303/', { body: { a: 1 } })).resolves.toEqual({ home: true })
    await expect(transport.request('POST', '/home/307/', { body: { a: 1 } })).resolves.toEqual({ home: true })
    const landed = api.requests.filter((request) => request.url === '/api/1.0/landed/')
    expect(landed.map((request) => [request.method, request.body])).toEqual([
      ['GET', ''],
      ['POST', '{"a":1}'],
    ])
    for (const request of api.requests) expect(request.headers.token).toBe(TOKEN)
  })
})
