import { AbortError, NotFoundError, Transport } from '@debusine-ts/transport'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startChannel, type LoopbackChannel } from '../test/support/loopback-channel.js'
import { until } from '../test/support/until.js'
import { CompletionEvents } from './completion-events.js'

const channels: LoopbackChannel[] = []
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.close()))
})

function workRequest(id: number, status: string, result = ''): Record<string, unknown> {
  return {
    id,
    url: `/debusine/System/work-request/${id}/`,
    created_at: '2026-10-28T13:17:50Z',
    started_at: null,
    completed_at: status === 'completed' ? '2026-10-28T13:17:55Z' : null,
    duration: null,
    status,
    result,
    worker: null,
    task_type: 'Worker',
    task_name: 'noop',
    task_data: {},
    dynamic_task_data: null,
    priority_base: 0,
    priority_adjustment: 0,
    artifacts: [],
    workspace: 'System',
  }
}

/** A loopback server whose work request 5 has the status `state.status`; `log` records the order of things. */
async function server(state: { status: string; result?: string }, log: string[]): Promise<LoopbackChannel> {
  const channel = await startChannel({
    onConnection: (connection) => {
      log.push('subscribed')
      connection.accept()
    },
    onHttp: (request, response) => {
      log.push(`${request.method ?? ''} ${request.url ?? ''}`)
      if (request.url === '/api/1.0/work-request/5/') {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify(workRequest(5, state.status, state.result)))
      } else {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"title": "Not found"}')
      }
    },
  })
  channels.push(channel)
  return channel
}

function eventsFor(channel: LoopbackChannel): CompletionEvents {
  return new CompletionEvents(new Transport({ apiUrl: channel.apiUrl, token: 't', maxRetries: 0 }))
}

describe('waitForCompletion', () => {
  it('subscribes before it reads the work request, and returns it at once when already completed', async () => {
    const log: string[] = []
    const channel = await server({ status: 'completed', result: 'success' }, log)
    const request = await eventsFor(channel).waitForCompletion(5)
    expect(request).toMatchObject({ id: 5, status: 'completed', result: 'success' })
    expect(log).toEqual(['subscribed', 'GET /api/1.0/work-request/5/'])
  })

  it('waits for the completion of this work request, then reads it again', async () => {
    const log: string[] = []
    const state = { status: 'running' }
    const channel = await server(state, log)
    const waiting = eventsFor(channel).waitForCompletion(5, { workspace: 'System' })
    const connection = await channel.connection(0)
    expect(connection.query.get('workspaces')).toBe('System')
    await until(() => log.length >= 2)
    connection.complete(4, '2026-10-28T13:17:54Z')
    state.status = 'completed'
    connection.complete(5, '2026-10-28T13:17:55Z')
    expect(await waiting).toMatchObject({ id: 5, status: 'completed' })
    expect(log).toEqual(['subscribed', 'GET /api/1.0/work-request/5/', 'GET /api/1.0/work-request/5/'])
  })

  it('confirms an announced completion by reading until the state says completed', async () => {
    const log: string[] = []
    const state = { status: 'running' }
    const channel = await server(state, log)
    const events = new CompletionEvents(
      new Transport({ apiUrl: channel.apiUrl, token: 't', maxRetries: 0 }),
      {
        confirmDelays: { initialMs: 10, maxMs: 20 },
      },
    )
    // No safety poll within the test: only the announcement and its confirmation read.
    const waiting = events.waitForCompletion(5, { pollInterval: 3_600_000 })
    const connection = await channel.connection(0)
    await until(() => log.length >= 2)
    // Announced before the state is committed: the reads still say running.
    connection.complete(5, '2026-10-28T13:17:55Z')
    await until(() => log.filter((line) => line.startsWith('GET')).length >= 4)
    state.status = 'completed'
    expect(await waiting).toMatchObject({ id: 5, status: 'completed' })
    expect(log.filter((line) => line === 'subscribed')).toHaveLength(1)
  })

  it('notices an abort (never announced on the channel) by polling', async () => {
    const log: string[] = []
    const state = { status: 'running' }
    const channel = await server(state, log)
    const waiting = eventsFor(channel).waitForCompletion(5, { pollInterval: 30 })
    // Running at the first read and at a poll after it: only a later poll can see the abort.
    await until(() => log.filter((line) => line.startsWith('GET')).length >= 2)
    state.status = 'aborted'
    expect(await waiting).toMatchObject({ id: 5, status: 'aborted' })
  })

  it('throws NotFoundError for an unknown work request and AbortError when the signal aborts', async () => {
    const log: string[] = []
    const channel = await server({ status: 'running' }, log)
    await expect(eventsFor(channel).waitForCompletion(6)).rejects.toSatisfy((error) =>
      NotFoundError.isInstance(error),
    )
    const controller = new AbortController()
    const waiting = eventsFor(channel).waitForCompletion(5, { signal: controller.signal })
    await until(() => log.includes('GET /api/1.0/work-request/5/'))
    controller.abort()
    await expect(waiting).rejects.toSatisfy((error) => AbortError.isInstance(error))
    // The sockets close after the rejection, as the close handshake completes: wait for it (bounded).
    await vi.waitFor(
      () =>
        expect(
          channel.connections.every(
            (connection) => connection.socket.readyState === connection.socket.CLOSED,
          ),
        ).toBe(true),
      { timeout: 10_000, interval: 10 },
    )
  })
})
