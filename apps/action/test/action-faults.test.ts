/**
 * The bundled action against the real Debusine 0.16.2 server through the fault proxy: the
 * server goes away in the middle of a wait (every connection cut, new ones refused) and
 * comes back, and a server that stays away past the action's timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { startFaultProxy, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { runAction, type ActionRun } from './support/run-action.js'
import { abortWorkflow, serverWorkflow } from './support/server-workflows.js'

let workspace: string
let client: DebusineClient
let proxy: FaultProxy
const toAbort: number[] = []

beforeAll(async () => {
  const server = realServer()
  workspace = await freshWorkspace('action-faults')
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  proxy = await startFaultProxy({ target: server.apiUrl, seed: 37 })
})

afterAll(async () => {
  for (const id of toAbort) await abortWorkflow(client, id).catch(() => undefined)
  await proxy.close()
})

/** The server as seen through the proxy: up, or away (open connections cut, new ones refused). */
function serverAway(away: boolean): void {
  proxy.fates = away ? { connection: () => ({ kind: 'close' }) } : {}
  if (away) proxy.severAll()
}

/**
 * Wait for workflow `id` through the proxy; the server goes away once the wait is under way
 * (the channel connected and the work request read after it), then `onOutage` when the
 * action says it could not reach the server.
 */
function waitThroughProxy(
  id: number,
  inputs: Record<string, string>,
  onOutage?: () => void,
): Promise<ActionRun> {
  const server = realServer()
  let handshake = false
  let waiting = false
  proxy.fates = {
    request: ({ method, target, headers }) => {
      if (headers.upgrade?.toLowerCase() === 'websocket') handshake = true
      else if (handshake && !waiting && method === 'GET' && target.endsWith(`/work-request/${id}/`)) {
        waiting = true
        setImmediate(() => serverAway(true))
      }
      return { kind: 'pass' }
    },
  }
  let outage = false
  return runAction(
    {
      'api-url': proxy.url,
      scope: server.scope,
      token: server.token,
      mode: 'wait',
      id: String(id),
      ...inputs,
    },
    {
      onStdout: (soFar) => {
        if (!outage && soFar.includes('The server could not be reached')) onOutage?.()
        outage ||= soFar.includes('The server could not be reached')
      },
    },
  )
}

describe('the action when the server goes away (real server, fault proxy)', () => {
  it('waits on through an outage that outlasts the retries, reconnects, and sees the end', async () => {
    const made = await serverWorkflow(workspace, [], { held: true })
    toAbort.push(made.workflow)
    let reconnected: () => void = () => {}
    const channelBack = new Promise<void>((resolve) => (reconnected = resolve))
    const run = waitThroughProxy(made.workflow, { 'poll-interval': '1' }, () => {
      // Back: the next websocket handshake that reaches the server is the channel's reconnection.
      proxy.fates = {
        request: ({ headers }) => {
          if (headers.upgrade?.toLowerCase() === 'websocket') reconnected()
          return { kind: 'pass' }
        },
      }
    })
    await channelBack
    await abortWorkflow(client, made.workflow)
    const result = await run
    expect(result.stdout).toContain('The server could not be reached (')
    expect(result.code).toBe(1)
    expect(result.outputs).toMatchObject({ id: String(made.workflow), status: 'aborted', result: '' })
    expect(result.summary).toContain(`## ❌ Debusine workflow #${made.workflow}: aborted\n`)
    const handshakes = proxy.counters.requests.filter((request) => request.headers.upgrade !== undefined)
    expect(handshakes.filter((request) => request.fate === 'pass').length).toBeGreaterThanOrEqual(2)
  })

  it('a server away past the timeout: exit 3, the summary says it could not be reached', async () => {
    const made = await serverWorkflow(workspace, [], { held: true })
    toAbort.push(made.workflow)
    const run = await waitThroughProxy(made.workflow, { timeout: '3', 'poll-interval': '1' })
    serverAway(false)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(3)
    expect(run.stdout).toContain('::error title=Debusine%3A timeout::')
    expect(run.outputs).toMatchObject({ id: String(made.workflow), status: 'running', result: '' })
    expect(run.summary).toContain(`## ❌ Debusine workflow #${made.workflow}: running\n`)
    expect(run.summary).toMatch(/Timed out after 3 s: the server could not be reached since \d{4}-\d\d-\d\dT/)
    expect(await client.workRequests.get(made.workflow)).toMatchObject({ status: 'running' })
  })
})
