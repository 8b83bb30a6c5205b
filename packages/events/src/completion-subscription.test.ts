import { Transport } from '@debusine-ts/transport'
import { afterEach, describe, expect, it } from 'vitest'
import {
  startChannel,
  type LoopbackChannel,
  type LoopbackChannelOptions,
} from '../test/support/loopback-channel.js'
import { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
import { CompletionEvents, type CompletionEventsOptions } from './completion-events.js'
import type { CompletionEvent, DisconnectInfo } from './completion-subscription.js'
import { TokenDisabledError } from './token-disabled-error.js'

const channels: LoopbackChannel[] = []
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.close()))
})

async function channel(options: LoopbackChannelOptions = {}): Promise<LoopbackChannel> {
  const started = await startChannel(options)
  channels.push(started)
  return started
}

const fast: CompletionEventsOptions = { reconnectDelays: { initialMs: 10, maxMs: 20 }, replayOverlapMs: 0 }

function eventsFor(server: LoopbackChannel, options: CompletionEventsOptions = {}): CompletionEvents {
  return new CompletionEvents(new Transport({ apiUrl: server.apiUrl, token: 'the-token' }), {
    ...fast,
    ...options,
  })
}

async function take(iterator: AsyncIterator<CompletionEvent>, count: number): Promise<CompletionEvent[]> {
  const taken: CompletionEvent[] = []
  while (taken.length < count) {
    const next = await iterator.next()
    if (next.done === true) break
    taken.push(next.value)
  }
  return taken
}

const ids = (events: CompletionEvent[]): number[] => events.map((event) => event.work_request_id)

describe('CompletionSubscription', () => {
  it('connects to the ws address of the API URL with the token and the query, then delivers completions', async () => {
    const server = await channel()
    const subscription = eventsFor(server).subscribe({
      workspaces: ['System', 'other space'],
      completedAtSince: '2026-10-28T13:17:55.123456+00:00',
    })
    await subscription.ready
    const connection = await server.connection(0)
    expect(connection.url.startsWith('/api/ws/1.0/work-request/on-completed/?')).toBe(true)
    expect(connection.query.get('workspaces')).toBe('System,other space')
    expect(connection.query.get('completed_at_since')).toBe('2026-10-28T13:17:55.123456+00:00')
    expect(connection.headers.token).toBe('the-token')
    expect(connection.headers['user-agent']).toMatch(/^debusine-ts\//)
    connection.complete(7, '2026-10-28T13:17:56.000001Z', 'temporary failure')
    const [event] = await take(subscription, 1)
    expect(event).toMatchObject({
      work_request_id: 7,
      completed_at: '2026-10-28T13:17:56.000001Z',
      result: 'temporary failure',
    })
    expect(subscription.lastCompletedAt).toBe('2026-10-28T13:17:56.000001+00:00')
    subscription.close()
    expect(await subscription.next()).toEqual({ value: undefined, done: true })
  })

  it('skips messages it cannot use and goes on', async () => {
    const server = await channel()
    const subscription = eventsFor(server).subscribe()
    await subscription.ready
    const connection = await server.connection(0)
    connection.socket.send('not json')
    connection.send({ text: 'work_request_completed', work_request_id: 'x' })
    connection.send({ text: 'something_new' })
    connection.complete(1, '2026-10-28T13:17:56Z')
    expect(ids(await take(subscription, 1))).toEqual([1])
    subscription.close()
  })

  it('ends with TokenRejectedError when the server rejects the token, without reconnecting', async () => {
    const server = await channel({
      onConnection: (connection) => {
        connection.send({
          type: 'connection_rejected',
          reason: 'No token header, token not associated to a user or not enabled',
        })
        connection.socket.close()
      },
    })
    const subscription = eventsFor(server).subscribe()
    await expect(subscription.ready).rejects.toSatisfy((error) => TokenRejectedError.isInstance(error))
    await expect(subscription.next()).rejects.toThrow(/token not associated/)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.connections).toHaveLength(1)
  })

  it('ends with ChannelRejectedError for an unknown workspace and TokenDisabledError for TOKEN_DISABLED', async () => {
    const rejecting = await channel({
      onConnection: (connection) =>
        connection.send({ type: 'connection_rejected', reason: 'Workspace "X" not found' }),
    })
    const rejected = eventsFor(rejecting).subscribe({ workspaces: ['X'] })
    const error: unknown = await rejected.ready.catch((caught: unknown) => caught)
    expect(ChannelRejectedError.isInstance(error) && !TokenRejectedError.isInstance(error)).toBe(true)
    const disabling = await channel({
      onConnection: (connection) => {
        connection.accept()
        connection.send({
          type: 'connection_closed',
          reason: 'Token has been disabled',
          reason_code: 'TOKEN_DISABLED',
        })
      },
    })
    const disabled = eventsFor(disabling).subscribe()
    await disabled.ready
    await expect(disabled.next()).rejects.toSatisfy((error) => TokenDisabledError.isInstance(error))
  })

  it('treats a handshake refused with a 4xx status as fatal', async () => {
    const server = await channel({ handshakeStatus: 404 })
    const subscription = eventsFor(server).subscribe()
    const error: unknown = await subscription.ready.catch((caught: unknown) => caught)
    expect(ChannelRejectedError.isInstance(error)).toBe(true)
    expect((error as ChannelRejectedError).status).toBe(404)
  })

  it('drops a connection whose pings go unanswered and reconnects', async () => {
    const server = await channel({ autoPong: false })
    const disconnects: DisconnectInfo[] = []
    const subscription = eventsFor(server, { heartbeatIntervalMs: 30, heartbeatTimeoutMs: 60 }).subscribe({
      onDisconnect: (info) => disconnects.push(info),
    })
    await subscription.ready
    const second = await server.connection(1)
    expect(disconnects[0]?.wasConnected).toBe(true)
    expect(disconnects[0]?.error?.message).toMatch(/no answer to a ping within 60 ms/)
    second.complete(3, '2026-10-28T13:17:56Z')
    expect(ids(await take(subscription, 1))).toEqual([3])
    subscription.close()
  })

  it('keeps a connection whose pings are answered', async () => {
    const server = await channel()
    const disconnects: DisconnectInfo[] = []
    // A ping unanswered for 250 ms would end the connection: over 800 ms (about 40 pings, three
    // timeout windows) none did. The window leaves room for a loaded machine's pauses.
    const subscription = eventsFor(server, { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 250 }).subscribe({
      onDisconnect: (info) => disconnects.push(info),
    })
    await subscription.ready
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(disconnects).toEqual([])
    expect(server.connections).toHaveLength(1)
    subscription.close()
  })

  it('after a reconnection replays from the last completion seen and delivers each completion once', async () => {
    const server = await channel()
    const connects: boolean[] = []
    const reconnects: (string | undefined)[] = []
    const subscription = eventsFor(server).subscribe({
      completedAtSince: '2026-10-28T12:00:00Z',
      onConnect: ({ reconnected }) => connects.push(reconnected),
      onReconnect: ({ replayFrom }) => reconnects.push(replayFrom),
    })
    await subscription.ready
    const first = await server.connection(0)
    first.complete(1, '2026-10-28T13:00:00.000001Z')
    first.complete(2, '2026-10-28T13:00:01.5Z')
    expect(ids(await take(subscription, 2))).toEqual([1, 2])
    first.socket.close(1012, 'service restart')
    const second = await server.connection(1)
    expect(second.query.get('completed_at_since')).toBe('2026-10-28T13:00:01.500000+00:00')
    // The server replays what it has since then (2 again), then what completed meanwhile.
    second.complete(2, '2026-10-28T13:00:01.500000+00:00')
    second.complete(3, '2026-10-28T13:00:02Z')
    second.complete(3, '2026-10-28T13:00:02Z')
    second.complete(4, '2026-10-28T13:00:03Z')
    expect(ids(await take(subscription, 2))).toEqual([3, 4])
    expect(connects).toEqual([false, true])
    expect(reconnects).toEqual(['2026-10-28T13:00:01.500000+00:00'])
    subscription.close()
  })

  it('replays a margin before the last completion, and drops what it had already delivered', async () => {
    const server = await channel()
    const subscription = eventsFor(server, { replayOverlapMs: 2_000 }).subscribe({
      completedAtSince: '2026-10-28T12:00:00Z',
    })
    await subscription.ready
    const first = await server.connection(0)
    first.complete(5, '2026-10-28T13:00:05Z')
    expect(ids(await take(subscription, 1))).toEqual([5])
    first.socket.terminate()
    const second = await server.connection(1)
    expect(second.query.get('completed_at_since')).toBe('2026-10-28T13:00:03+00:00')
    // 4 completed before 5 but was announced late; 5 is a repeat.
    second.complete(4, '2026-10-28T13:00:04Z')
    second.complete(5, '2026-10-28T13:00:05Z')
    second.complete(6, '2026-10-28T13:00:06Z')
    expect(ids(await take(subscription, 2))).toEqual([4, 6])
    subscription.close()
  })

  it('never replays from before it was first accepted, without completedAtSince', async () => {
    const server = await channel()
    const subscription = eventsFor(server, { replayOverlapMs: 60_000 }).subscribe()
    const before = Date.now()
    await subscription.ready
    const after = Date.now()
    const first = await server.connection(0)
    first.socket.terminate()
    const second = await server.connection(1)
    const since = Date.parse(second.query.get('completed_at_since') ?? '')
    expect(since).toBeGreaterThanOrEqual(before)
    expect(since).toBeLessThanOrEqual(after)
    // A completion seen live moves the replay point, but the overlap stops at the start.
    second.complete(1, new Date(after + 1_000).toISOString())
    await take(subscription, 1)
    second.socket.terminate()
    expect(Date.parse((await server.connection(2)).query.get('completed_at_since') ?? '')).toBe(since)
    subscription.close()
  })

  it("keeps the caller's completedAtSince as the lower bound of a replay", async () => {
    const server = await channel()
    const subscription = eventsFor(server, { replayOverlapMs: 60_000 }).subscribe({
      completedAtSince: '2026-10-28T13:00:00Z',
    })
    await subscription.ready
    const first = await server.connection(0)
    first.complete(1, '2026-10-28T13:00:10Z')
    await take(subscription, 1)
    first.socket.terminate()
    expect((await server.connection(1)).query.get('completed_at_since')).toBe('2026-10-28T13:00:00Z')
    subscription.close()
  })

  it('backs off while the server is away, then connects again', async () => {
    const server = await channel({ onConnection: (connection) => connection.socket.terminate() })
    const attempts: number[] = []
    const subscription = eventsFor(server).subscribe({ onReconnect: ({ attempt }) => attempts.push(attempt) })
    await server.connection(3)
    expect(attempts.slice(0, 3)).toEqual([1, 2, 3])
    subscription.close()
  })

  it('ends the iteration when the signal aborts, and rejects ready when it never connected', async () => {
    const server = await channel({ onConnection: () => {} })
    const controller = new AbortController()
    const subscription = eventsFor(server).subscribe({ signal: controller.signal })
    await server.connection(0)
    const pending = subscription.next()
    controller.abort()
    expect(await pending).toEqual({ value: undefined, done: true })
    await expect(subscription.ready).rejects.toThrow(/aborted/)
  })

  it('leaving a for await loop closes the websocket', async () => {
    const server = await channel()
    const subscription = eventsFor(server).subscribe()
    await subscription.ready
    const connection = await server.connection(0)
    const closed = new Promise<number>((resolve) => connection.socket.once('close', resolve))
    connection.complete(1, '2026-10-28T13:00:00Z')
    for await (const event of subscription) {
      expect(event.work_request_id).toBe(1)
      break
    }
    expect(await closed).toBe(1000)
  })

  it('refuses invalid workspace names and datetimes before connecting', async () => {
    const server = await channel()
    const events = eventsFor(server)
    expect(() => events.subscribe({ workspaces: ['a,b'] })).toThrow(/workspaces.0/)
    expect(() => events.subscribe({ completedAtSince: 'yesterday' })).toThrow(/ISO 8601/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.connections).toHaveLength(0)
  })
})
