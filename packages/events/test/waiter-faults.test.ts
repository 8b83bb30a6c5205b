/**
 * The channel's waitForCompletion against the real Debusine server (0.16 and 0.11) through
 * the fault proxy, on the two races older servers have: a completion announced before its
 * state is committed (a read at once still says running), and an abort that is never announced.
 */
import { DebusineClient } from '../../client/src/index.js'
import { Transport } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer, serverLacks } from '../../../tooling/vitest/real-server.js'
import { createPendingWorkRequest } from '../../client/test/support/pending-work-request.js'
import { abortAsAdmin } from '../../client/test/support/admin.js'
import { manualReview } from '../../client/test/support/manual-steps.js'
import { CompletionEvents } from '../src/index.js'

let workspace: string
let direct: DebusineClient
let proxy: FaultProxy
const toAbort: number[] = []

beforeAll(async () => {
  const server = realServer()
  workspace = await freshWorkspace('waiter')
  direct = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  proxy = await startFaultProxy({ target: server.apiUrl, seed: 33 })
})

/** Abort as a user does: through the API, or as the administrator where the API has no abort (0.11). */
async function abort(ids: number[]): Promise<void> {
  if (serverLacks('workRequests.abort')) return abortAsAdmin(ids)
  for (const id of ids) await direct.workRequests.abort(id).catch(() => undefined)
}

afterAll(async () => {
  await abort(toAbort)
  await proxy.close()
})

/** Events whose REST reads and channel both go through the proxy. */
function eventsThroughProxy(): CompletionEvents {
  const server = realServer()
  return new CompletionEvents(
    new Transport({ apiUrl: proxy.url, token: server.token, scope: server.scope }),
    {
      confirmDelays: { initialMs: 50, maxMs: 200 },
    },
  )
}

function readsOf(id: number): number {
  const target = `${new URL(proxy.url).pathname}/1.0/work-request/${id}/`
  return proxy.counters.requests.filter((request) => request.method === 'GET' && request.target === target)
    .length
}

/** The server's own answer for the work request now, byte for byte. */
async function rawAnswer(id: number): Promise<string> {
  const server = realServer()
  const response = await fetch(`${server.apiUrl}/1.0/work-request/${id}/`, {
    headers: { Token: server.token, 'X-Debusine-Scope': server.scope },
  })
  return response.text()
}

describe('waitForCompletion on servers with races (real server, fault proxy)', () => {
  it('a completion announced while reads still say running: confirmed by reading until completed', async () => {
    const steps = await manualReview(workspace)
    toAbort.push(steps.workflow)
    const { review } = steps
    // Before the completion, the server says "blocked": the proxy answers that, as a server
    // whose completion is not committed yet does, to the next STALE reads after it.
    const stale = await rawAnswer(review)
    expect(JSON.parse(stale)).toMatchObject({ id: review, status: 'blocked' })
    const STALE = 3
    let staleLeft = 0
    const target = `${new URL(proxy.url).pathname}/1.0/work-request/${review}/`
    proxy.fates = {
      request: ({ method, target: requested }) => {
        if (method !== 'GET' || requested !== target || staleLeft === 0) return { kind: 'pass' }
        staleLeft -= 1
        return { kind: 'reply', status: 200, body: stale }
      },
    }
    let firstRead: () => void = () => {}
    const read = new Promise<void>((resolve) => (firstRead = resolve))
    const waiting = eventsThroughProxy().waitForCompletion(review, {
      workspace,
      // No safety poll within the test: only the announcement wakes the wait.
      pollInterval: 3_600_000,
      onUpdate: () => firstRead(),
    })
    await read
    const readsBefore = readsOf(review)
    staleLeft = STALE
    // The review accepted, the real worker runs the noop and the server announces it.
    await direct.workRequests.unblock(review, { action: 'accept' })
    const final = await waiting
    proxy.fates = {}
    expect(staleLeft).toBe(0)
    // Woken by the announcement: STALE reads said blocked, the next one the truth.
    expect(readsOf(review) - readsBefore).toBe(STALE + 1)
    expect(final).toMatchObject({ id: review, status: 'completed', result: 'success' })
    expect(final).toEqual(await direct.workRequests.get(review))
  })

  it('an abort (never announced): seen at the first safety poll after it, with the true state', async () => {
    const pending = await createPendingWorkRequest(direct)
    toAbort.push(pending.id)
    let firstRead: () => void = () => {}
    const read = new Promise<void>((resolve) => (firstRead = resolve))
    const waiting = eventsThroughProxy().waitForCompletion(pending.id, {
      workspace,
      pollInterval: 1_000,
      onUpdate: () => firstRead(),
    })
    await read
    await abort([pending.id])
    const readsAtAbort = readsOf(pending.id)
    const final = await waiting
    // At most the read that was on its way when the abort returned, and the next poll.
    expect(readsOf(pending.id) - readsAtAbort).toBeLessThanOrEqual(1)
    expect(final).toMatchObject({ id: pending.id, status: 'aborted' })
    expect(final).toEqual(await direct.workRequests.get(pending.id))
  })
})
