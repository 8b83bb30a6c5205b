/**
 * The completion channel against the real Debusine 0.16.2 server and its real worker.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import {
  ChannelRejectedError,
  CompletionEvents,
  TokenRejectedError,
  type CompletionEvent,
  type CompletionSubscription,
  type DisconnectInfo,
} from '../src/index.js'
import { toMicroseconds } from '../src/instant.js'
import { completed, createNoop, reloadHttpWorkers, testuserTransport } from './support/real-server-work.js'

let workspace: string

beforeAll(async () => {
  workspace = await freshWorkspace('events')
})

/**
 * Read events until every wanted id was seen (or the timeout closes the subscription).
 * Reads with next(), not for await, which would close the subscription when left.
 */
async function collect(
  subscription: CompletionSubscription,
  wanted: ReadonlySet<number>,
  timeoutMs = 60_000,
): Promise<CompletionEvent[]> {
  const events: CompletionEvent[] = []
  const timer = setTimeout(() => subscription.close(), timeoutMs)
  try {
    while (![...wanted].every((id) => events.some((event) => event.work_request_id === id))) {
      const next = await subscription.next()
      if (next.done === true) break
      events.push(next.value)
    }
  } finally {
    clearTimeout(timer)
  }
  return events
}

describe('completion channel (real server)', () => {
  it('announces each completion the worker reports, with id, result and time; the workspace filter filters', async () => {
    const transport = testuserTransport()
    const events = new CompletionEvents(transport)
    const fresh = events.subscribe({ workspaces: [workspace] })
    const system = events.subscribe({ workspaces: [realServer().workspace] })
    await Promise.all([fresh.ready, system.ready])
    const ok = await createNoop(transport, workspace, 'success')
    const failed = await createNoop(transport, realServer().workspace, 'failure')
    const [freshEvents, systemEvents] = await Promise.all([
      collect(fresh, new Set([ok.id])),
      collect(system, new Set([failed.id])),
    ])
    fresh.close()
    system.close()
    expect(freshEvents.map((event) => event.work_request_id)).toEqual([ok.id])
    expect(systemEvents.map((event) => event.work_request_id)).not.toContain(ok.id)
    const [okEvent] = freshEvents
    const failedEvent = systemEvents.find((event) => event.work_request_id === failed.id)
    expect(okEvent?.result).toBe('success')
    expect(failedEvent?.result).toBe('failure')
    const okRead = await completed(transport, ok.id)
    const failedRead = await completed(transport, failed.id)
    expect(toMicroseconds(okEvent?.completed_at ?? '')).toBe(toMicroseconds(okRead.completed_at ?? ''))
    expect(toMicroseconds(failedEvent?.completed_at ?? '')).toBe(
      toMicroseconds(failedRead.completed_at ?? ''),
    )
  })

  it('replays completions since a given instant', async () => {
    const transport = testuserTransport()
    const first = await completed(transport, (await createNoop(transport, workspace)).id)
    const second = await completed(transport, (await createNoop(transport, workspace)).id)
    // Exactly one work request completed at `first.completed_at`: the server leaves it out.
    const subscription = new CompletionEvents(transport).subscribe({
      workspaces: [workspace],
      completedAtSince: first.completed_at ?? undefined,
    })
    const events = await collect(subscription, new Set([second.id]))
    subscription.close()
    expect(events.map((event) => event.work_request_id)).toEqual([second.id])
  })

  it('waitForCompletion returns the completed work request', async () => {
    const transport = testuserTransport()
    const events = new CompletionEvents(transport)
    const created = await createNoop(transport, workspace, 'failure')
    const started = Date.now()
    const request = await events.waitForCompletion(created.id, { workspace })
    expect(request).toMatchObject({ id: created.id, status: 'completed', result: 'failure' })
    expect(Date.now() - started).toBeLessThan(30_000)
    // Already completed: returned at once.
    await expect(events.waitForCompletion(created.id)).resolves.toMatchObject({ status: 'completed' })
  })

  it('delivers every completion once across a reload of the HTTP workers, replaying those completed while away', async () => {
    const transport = testuserTransport()
    const disconnects: DisconnectInfo[] = []
    const replays: (string | undefined)[] = []
    let disconnected: () => void = () => {}
    const away = new Promise<void>((resolve) => (disconnected = resolve))
    const subscription = new CompletionEvents(transport, {
      // A long first wait, so that the work requests below complete while we are away.
      reconnectDelays: { initialMs: 6_000, maxMs: 6_000 },
    }).subscribe({
      workspaces: [workspace],
      onDisconnect: (info) => {
        disconnects.push(info)
        disconnected()
      },
      onReconnect: ({ replayFrom }) => replays.push(replayFrom),
    })
    await subscription.ready
    const before = await createNoop(transport, workspace)
    const beforeEvents = await collect(subscription, new Set([before.id]))
    await reloadHttpWorkers()
    await away
    // The old workers also closed our HTTP keep-alive sockets: let the pool notice first.
    await delay(500)
    const during = [await createNoop(transport, workspace), await createNoop(transport, workspace, 'failure')]
    await Promise.all(during.map((request) => completed(transport, request.id)))
    const after = await createNoop(transport, workspace)
    const rest = await collect(subscription, new Set([...during, after].map((request) => request.id)))
    subscription.close()
    expect(disconnects[0]?.wasConnected).toBe(true)
    // At least one reconnection (another test file may reload the HTTP workers too).
    expect(replays.length).toBeGreaterThanOrEqual(1)
    // The announcement of an earlier test's work request in this workspace may come after its
    // state read completed, so after this subscription started: only ours count, each once.
    const ours = [before, ...during, after].map((request) => request.id)
    const ids = [...beforeEvents, ...rest]
      .map((event) => event.work_request_id)
      .filter((id) => ours.includes(id))
    expect(ids.toSorted((a, b) => a - b)).toEqual(ours)
  })

  it('refuses a disabled token with TokenRejectedError and an unknown workspace with ChannelRejectedError', async () => {
    const disabled = new CompletionEvents(testuserTransport(realServer().disabledToken)).subscribe()
    const tokenError: unknown = await disabled.ready.catch((error: unknown) => error)
    expect(TokenRejectedError.isInstance(tokenError)).toBe(true)
    expect((tokenError as TokenRejectedError).reason).toBe(
      'No token header, token not associated to a user or not enabled',
    )
    const unknown = new CompletionEvents(testuserTransport()).subscribe({ workspaces: ['no-such-workspace'] })
    const workspaceError: unknown = await unknown.ready.catch((error: unknown) => error)
    expect(ChannelRejectedError.isInstance(workspaceError)).toBe(true)
    expect(TokenRejectedError.isInstance(workspaceError)).toBe(false)
    expect((workspaceError as ChannelRejectedError).reason).toBe('Workspace "no-such-workspace" not found')
  })

  it('accepts the token of a user without any role (the channel only asks for a user token)', async () => {
    const subscription = new CompletionEvents(testuserTransport(realServer().noroleToken)).subscribe()
    await expect(subscription.ready).resolves.toBeUndefined()
    subscription.close()
  })
})
