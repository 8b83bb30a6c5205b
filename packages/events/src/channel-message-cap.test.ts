/**
 * A message over `maxMessageBytes` closes the connection with a typed error before it is read
 * whole; the subscription reconnects and later messages arrive.
 */
import { Transport, type Logger } from '@debusine-ts/transport'
import { afterEach, describe, expect, it } from 'vitest'
import { startChannel, type LoopbackChannel } from '../test/support/loopback-channel.js'
import { ChannelMessageTooLargeError, DEFAULT_MAX_MESSAGE_BYTES } from './channel-message-too-large-error.js'
import { CompletionEvents, type CompletionEventsOptions } from './completion-events.js'
import type { DisconnectInfo } from './completion-subscription.js'

let server: LoopbackChannel | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function warnings(): Logger & { seen: { message: string; fields: unknown }[] } {
  const seen: { message: string; fields: unknown }[] = []
  const none = (): void => {}
  return {
    seen,
    debug: none,
    info: none,
    error: none,
    warn: (message, fields) => seen.push({ message, fields }),
  }
}

/** The first connection gets a completion padded to `bytes`, every later one a small completion. */
async function oversizeThenSmall(bytes: number, options: CompletionEventsOptions) {
  server = await startChannel({
    onConnection: (connection) => {
      connection.accept()
      if (server?.connections.length === 1) {
        connection.send({
          type: 'websocket.send',
          text: 'work_request_completed',
          work_request_id: 1,
          completed_at: '2026-12-01T10:00:00Z',
          result: 'success',
          padding: 'x'.repeat(bytes),
        })
      } else connection.complete(2, '2026-12-01T10:00:01Z')
    },
  })
  const logger = warnings()
  const disconnects: DisconnectInfo[] = []
  const events = new CompletionEvents(new Transport({ apiUrl: server.apiUrl, token: 'the-token' }), {
    reconnectDelays: { initialMs: 10, maxMs: 20 },
    logger,
    ...options,
  })
  const subscription = events.subscribe({ onDisconnect: (info) => disconnects.push(info) })
  const first = await subscription.next()
  subscription.close()
  return { first, disconnects, logger }
}

describe('the completion channel message limit', () => {
  it('is 1 MiB by default: a 2 MiB message closes the connection, reported; it reconnects and goes on', async () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(1024 * 1024)
    const { first, disconnects, logger } = await oversizeThenSmall(2 * 1024 * 1024, {})
    expect(first.value).toMatchObject({ work_request_id: 2 })
    expect(server?.connections).toHaveLength(2)
    const [disconnect] = disconnects
    expect(disconnect?.wasConnected).toBe(true)
    expect(ChannelMessageTooLargeError.isInstance(disconnect?.error)).toBe(true)
    expect(disconnect?.error?.message).toBe(
      'A completion channel message was larger than maxMessageBytes (1048576 bytes): ' +
        'the connection was closed and is opened again',
    )
    const logged = logger.seen.find((line) => line.message.includes('disconnected; reconnecting'))
    expect(logged?.fields).toMatchObject({ error: disconnect?.error?.message })
  })

  it('is configurable: a message under a higher limit is delivered', async () => {
    const { first, disconnects } = await oversizeThenSmall(2 * 1024 * 1024, {
      maxMessageBytes: 4 * 1024 * 1024,
    })
    expect(first.value).toMatchObject({ work_request_id: 1 })
    expect(disconnects).toEqual([])
  })

  it('a lower limit refuses a small padded message', async () => {
    const { first, disconnects } = await oversizeThenSmall(2000, { maxMessageBytes: 1000 })
    expect(first.value).toMatchObject({ work_request_id: 2 })
    expect((disconnects[0]?.error as ChannelMessageTooLargeError).maxMessageBytes).toBe(1000)
  })
})
