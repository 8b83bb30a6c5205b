/**
 * The contract between the fake and the real 0.16.2 server: each exchange runs on the real
 * server, then on the fake, and their answers must agree (see contract/compare.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { startFakeDebusine, type FakeDebusine } from '@debusine-ts/fake-server'
import { compareOutcomes } from './contract/compare.js'
import { contractExchanges } from './contract/exchanges.js'
import { call, jsonOf } from './contract/http-call.js'
import { completedNoop } from './contract/steps.js'
import type { Target } from './contract/target.js'
import { answerOnWebPage } from './contract/web-confirm.js'

// The real server's one worker serves every test of the machine: its queue may be long.
const COMPLETION_WAIT_MS = 280_000

let real: Target
let fake: Target
let fakeServer: FakeDebusine

async function pollCompletion(target: Target, id: number, result: string): Promise<void> {
  const deadline = Date.now() + COMPLETION_WAIT_MS
  while (Date.now() < deadline) {
    const shown = jsonOf(await call(target, { path: `/work-request/${id}/` })) as { status: string; result: string }
    if (shown.status === 'completed') {
      if (shown.result !== result) throw new Error(`work request ${id} ended with ${shown.result}, not ${result}`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`work request ${id} did not complete within ${COMPLETION_WAIT_MS / 1000} s: is the real server's worker running?`)
}

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('fake-contract')
  const common = { scope: server.scope, workspace }
  real = {
    ...common,
    name: 'real',
    apiUrl: server.apiUrl,
    token: server.token,
    awaitCompletion: (id, result) => pollCompletion(real, id, result),
    answerEnrollment: (nonce, outcome) =>
      answerOnWebPage(new URL(server.apiUrl).origin, { name: server.webUser, password: server.webPassword }, nonce, outcome),
  }
  // Queue the two noop runs the contract needs now: they run while the other exchanges do.
  for (const result of ['success', 'failure'] as const) completedNoop(real, result).catch(() => undefined)
  fakeServer = await startFakeDebusine({ workspace, scope: server.scope })
  fake = {
    ...common,
    name: 'fake',
    apiUrl: fakeServer.apiUrl,
    token: fakeServer.token,
    awaitCompletion: (id, result) => fakeServer.completeWorkRequest(id, result),
    answerEnrollment: async (nonce, outcome) => {
      while (!fakeServer.pendingEnrollments().some((pending) => pending.nonce === nonce)) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      fakeServer.answerEnrollment(outcome, nonce)
    },
  }
})

afterAll(async () => {
  await fakeServer?.close()
})

describe('the fake answers as the real 0.16.2 server', () => {
  for (const exchange of contractExchanges) {
    it(exchange.name, async () => {
      const realOutcome = await exchange.run(real)
      const fakeOutcome = await exchange.run(fake)
      compareOutcomes(exchange, realOutcome, fakeOutcome)
    }, COMPLETION_WAIT_MS + 20_000)
  }
})
