/**
 * A reused keep-alive connection the server resets (TCP RST) or closes under a request: the
 * race of the server's idle timeout, or of a recycled worker, with the next request. Before
 * any byte of the answer the server did not take the request up (`stale-connection`: sent
 * again, even a POST); once the answer began, nothing is known (`unknown`: never sent again).
 * Real sockets on loopback, through the Node network.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { rejection } from '../../../../tooling/vitest/rejection.js'
import { loopbackServers, sendJson, type Exchange } from '../../test/support/loopback-server.js'
import { ConnectionError } from '../errors/connection-error.js'
import { Transport } from '../transport.js'
import { createNodeNetwork, type NodeNetwork } from './network.js'

const serve = loopbackServers()
const networks: NodeNetwork[] = []

afterEach(async () => {
  await Promise.all(networks.splice(0).map((network) => network.close()))
})

function transportFor(apiUrl: string): Transport {
  const network = createNodeNetwork({ env: {} })
  networks.push(network)
  return new Transport({ apiUrl, network, maxRetries: 0, retryDelays: { initialMs: 5, maxMs: 10 } })
}

/** Warm the connection pool up: after a request, undici hands its connection back on a later turn. */
async function warm(transport: Transport): Promise<void> {
  await transport.request('GET', '/warm/')
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * A server that answers a GET, and meets the first POST on a connection that already
 * carried a request with `fault` instead of acting; later requests are answered.
 */
async function faultyOnReuse(fault: (exchange: Exchange) => void | Promise<void>) {
  const served = new WeakSet<object>()
  let faults = 0
  const server = await serve(async (exchange) => {
    const { raw, request, response, index } = exchange
    if (request.method === 'POST' && served.has(raw.socket) && faults === 0) {
      faults += 1
      await fault(exchange)
      return
    }
    served.add(raw.socket)
    sendJson(response, 201, { index })
  })
  return Object.assign(server, { faults: () => faults })
}

/** Until the client's socket of the request now going out has read more than it had. */
function clientReadMore(): Promise<void> {
  return new Promise((resolve) => {
    const onSend = (message: unknown): void => {
      unsubscribe('undici:client:sendHeaders', onSend)
      const socket = (message as { socket: Socket }).socket
      const before = socket.bytesRead
      const check = (): void => {
        if (socket.bytesRead > before) resolve()
        else setImmediate(check)
      }
      check()
    }
    subscribe('undici:client:sendHeaders', onSend)
  })
}

describe('a reused keep-alive connection reset before any byte of the answer', () => {
  it('sends the POST again: it is created once', async () => {
    const server = await faultyOnReuse(({ raw }) => {
      raw.socket.resetAndDestroy()
    })
    const transport = transportFor(server.apiUrl)
    await warm(transport)
    await expect(transport.request('POST', '/create/', { body: {} })).resolves.toEqual({ index: 3 })
    expect(server.faults()).toBe(1)
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'POST'])
  })

  it('is reported as stale-connection (ECONNRESET) when told not to send it again', async () => {
    const server = await faultyOnReuse(({ raw }) => {
      raw.socket.resetAndDestroy()
    })
    const transport = transportFor(server.apiUrl)
    await warm(transport)
    const error = await rejection(
      transport.request('POST', '/create/', { body: {}, retryStaleConnection: false }),
    )
    expect(ConnectionError.isInstance(error) && error.delivery).toBe('stale-connection')
    expect((error as ConnectionError).reason).toBe('connection reset by the server (ECONNRESET)')
    expect(server.requests).toHaveLength(2)
  })
})

describe('a connection that fails after the server began to answer, or a fresh one', () => {
  const answerBegun = 'HTTP/1.1 201 Created\r\nContent-Type: applic'

  it.each([
    ['reset', (socket: Socket) => socket.resetAndDestroy()],
    ['closed', (socket: Socket) => socket.end()],
  ])(
    '%s after part of the answer: the outcome is unknown, the POST is not sent again',
    async (_name, end) => {
      let read: Promise<void> = Promise.resolve()
      const server = await faultyOnReuse(async ({ raw }) => {
        raw.socket.write(answerBegun)
        // The client has the first bytes of the answer before the connection goes.
        await read
        end(raw.socket)
      })
      const transport = transportFor(server.apiUrl)
      await warm(transport)
      read = clientReadMore()
      const error = await rejection(transport.request('POST', '/create/', { body: {} }))
      expect(ConnectionError.isInstance(error) && error.delivery).toBe('unknown')
      expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST'])
    },
  )

  it('reset on a fresh connection: the outcome is unknown, the POST is not sent again', async () => {
    const server = await serve(({ raw }) => {
      raw.socket.resetAndDestroy()
    })
    const error = await rejection(transportFor(server.apiUrl).request('POST', '/create/', { body: {} }))
    expect(ConnectionError.isInstance(error) && error.delivery).toBe('unknown')
    expect(server.requests).toHaveLength(1)
  })
})
