import { describe, expect, it } from 'vitest'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { loopbackServers, sendJson, type LoopbackServer } from '../test/support/loopback-server.js'
import { ConnectionError } from './errors/connection-error.js'
import { classifyNetworkFailure } from './network-failure.js'
import { Transport } from './transport.js'

const serve = loopbackServers()

function transportFor(server: LoopbackServer): Transport {
  return new Transport({ apiUrl: server.apiUrl, retryDelays: { initialMs: 5, maxMs: 10 } })
}

/**
 * A server that drops, without a byte, the first POST that comes on a connection that
 * already carried a request (as a recycled worker closes its idle keep-alive connections).
 */
async function recyclingServer(): Promise<LoopbackServer & { dropped: () => number }> {
  const served = new WeakSet<object>()
  let dropped = 0
  const server = await serve(({ raw, request, response, index }) => {
    if (request.method === 'POST' && served.has(raw.socket) && dropped === 0) {
      dropped += 1
      raw.socket.destroy()
      return
    }
    served.add(raw.socket)
    sendJson(response, 200, { index })
  })
  return Object.assign(server, { dropped: () => dropped })
}

/** Warm the connection pool up: after a request, undici hands its connection back on a later turn. */
async function warm(transport: Transport): Promise<void> {
  await transport.request('GET', '/warm/')
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve))
}

describe('a reused keep-alive connection closed before any answer (a recycled server worker)', () => {
  it('sends a POST again: the server did not take it up', async () => {
    const server = await recyclingServer()
    const transport = transportFor(server)
    await warm(transport)
    await expect(transport.request('POST', '/create/', { body: {} })).resolves.toEqual({ index: 3 })
    expect(server.dropped()).toBe(1)
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'POST'])
  })

  it('sends it again at once, without using up a retry: with no retries allowed, the POST still goes', async () => {
    const server = await recyclingServer()
    const transport = new Transport({ apiUrl: server.apiUrl, maxRetries: 0 })
    await warm(transport)
    await expect(transport.request('POST', '/create/', { body: {} })).resolves.toEqual({ index: 3 })
    expect(server.dropped()).toBe(1)
  })

  it('reports it as stale-connection when told not to send it again', async () => {
    const server = await recyclingServer()
    const transport = transportFor(server)
    await warm(transport)
    const error = await rejection(
      transport.request('POST', '/create/', { body: {}, retryStaleConnection: false }),
    )
    expect(ConnectionError.isInstance(error) && error.delivery).toBe('stale-connection')
    expect(server.requests).toHaveLength(2)
  })

  it('does not send a POST again when a fresh connection closes: the outcome is unknown', async () => {
    const server = await serve(({ raw }) => {
      raw.socket.destroy()
    })
    const error = await rejection(transportFor(server).request('POST', '/create/', { body: {} }))
    expect(ConnectionError.isInstance(error) && error.delivery).toBe('unknown')
    expect(error.message).toMatch(/connection closed by the server \(UND_ERR_SOCKET\)/)
    expect(server.requests).toHaveLength(1)
  })
})

describe('classifyNetworkFailure', () => {
  it('knows a refused connection never reached the server', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
    const failure = classifyNetworkFailure(new TypeError('fetch failed', { cause: refused }))
    expect(failure).toMatchObject({
      delivery: 'not-sent',
      requestSent: false,
      reason: 'connection refused (ECONNREFUSED)',
    })
  })

  it('calls a reset unknown: the server may have acted', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    expect(classifyNetworkFailure(reset)).toMatchObject({ delivery: 'unknown', requestSent: true })
    expect(classifyNetworkFailure(new Error('something else'))).toMatchObject({ delivery: 'unknown' })
  })
})
