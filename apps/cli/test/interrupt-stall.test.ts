/**
 * SIGTERM while the CLI reads an answer that stalls (headers sent, then nothing): the process
 * exits 143 within the grace period with its one line, whether or not the read itself stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startHostileServer,
  stallAfterHeaders,
  type HostileServer,
} from '../../../tooling/hostile-server/index.js'
import { interruptLine, recordOutcome } from './support/interrupt-moments.js'
import { runCli, writeConfig } from './support/run-cli.js'

/** A generous bound on the time from SIGTERM to the exit (the grace period is 1.8 s; a machine under heavy load stretches it). */
const EXIT_BOUND_MS = 20_000

let server: HostileServer
let config: string
beforeAll(async () => {
  server = await startHostileServer({ 'GET /api/1.0/artifact/1/': stallAfterHeaders() })
  config = writeConfig({ apiUrl: server.apiUrl })
})
afterAll(() => server.close())

/** Resolves once the server has received a request for `path`. */
async function requested(path: string): Promise<void> {
  while (!server.requests.some((request) => request.url.includes(path))) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('SIGTERM during a stalled read', () => {
  it('exits 143 with one line, within the grace period', async () => {
    const controller = new AbortController()
    let signalledAt = 0
    const running = runCli(['--config-file', config, 'artifact', 'show', '1'], {
      signal: controller.signal,
      interruptWith: 'SIGTERM',
    })
    await requested('/artifact/1/')
    signalledAt = Date.now()
    controller.abort()
    const run = await running
    const exitAfterSignalMs = Date.now() - signalledAt
    expect(run.code, run.stderr).toBe(143)
    expect(run.stdout).toBe('')
    expect(interruptLine(run.stderr)).toMatch(/^debusine-ts: interrupted \(SIGTERM\): /)
    expect(exitAfterSignalMs).toBeLessThan(EXIT_BOUND_MS)
    recordOutcome({ test: 'stalled read', exitAfterSignalMs })
  })
})
