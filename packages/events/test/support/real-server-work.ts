/**
 * Helpers of the real-server tests of the completion channel: create noop work requests
 * (the real worker runs them) and reload gunicorn's workers, which drops every websocket.
 */
import { execFile } from 'node:child_process'
import { readFileSync, readlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { WorkRequestRequestModel, WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'
import { Transport } from '@debusine-ts/transport'
import { realServer } from '../../../../tooling/vitest/real-server.js'

/** A transport of testuser on the real server. */
export function testuserTransport(token = realServer().token): Transport {
  const server = realServer()
  return new Transport({ apiUrl: server.apiUrl, token, scope: server.scope })
}

/** Create a `noop` work request that the real worker completes with `result` (~0.5 s later). */
export function createNoop(
  transport: Transport,
  workspace: string,
  result: 'success' | 'failure' = 'success',
): Promise<WorkRequest> {
  return transport.request('POST', '/work-request/', {
    body: WorkRequestRequestModel.create({
      task_name: 'noop',
      task_data: { result },
      event_reactions: {},
      workspace,
    }),
    schema: WorkRequestSchema,
    model: 'WorkRequest',
  })
}

/** Read a work request. */
export function readWorkRequest(transport: Transport, id: number): Promise<WorkRequest> {
  return transport.request('GET', `/work-request/${id}/`, { schema: WorkRequestSchema, model: 'WorkRequest' })
}

/** Poll until the work request is completed; returns it. */
export async function completed(transport: Transport, id: number, timeoutMs = 60_000): Promise<WorkRequest> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const request = await readWorkRequest(transport, id)
    if (request.status === 'completed') return request
    if (Date.now() > deadline) throw new Error(`work request ${id} still ${request.status}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Gracefully reload gunicorn (SIGHUP to its master): new workers start, the old ones finish
 * their requests and close their websockets. The API stays up for the other tests.
 */
export function reloadGunicorn(): void {
  const root = realServer().serverRoot
  const pid = Number(readFileSync(`${root}/run/debusine-ts/http.pid`, 'utf8').trim())
  if (!Number.isInteger(pid) || readlinkSync(`/proc/${pid}/root`) !== root) {
    throw new Error(`the recorded gunicorn PID ${pid} is not a process of the server's chroot`)
  }
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  if (!command.includes('gunicorn')) throw new Error(`PID ${pid} is not gunicorn: ${command}`)
  process.kill(pid, 'SIGHUP')
}

/**
 * Restart every daemon of the real server (`tooling/real-server/down`, then `up`): HTTP
 * workers, Celery, the scheduler, redis, PostgreSQL and the worker; every connection drops
 * and nothing answers for ~20 s. Runs the scripts in child processes, so our sockets see it.
 *
 * @NOTE Refuses the team's shared server (port 8011) outside CI: other test runs use it. Bring
 * up an instance of your own (DEBUSINE_TS_SERVER_CACHE/_PORT/_REDIS_PORT) and run with the same
 * variables; in CI the `*.restart.test.ts` files run alone, after everything else.
 */
export async function restartServer(): Promise<void> {
  const port = new URL(realServer().apiUrl).port
  if (port === '8011' && process.env.CI !== 'true') {
    throw new Error(
      'This test restarts the whole server: run it against an instance of your own ' +
        '(DEBUSINE_TS_SERVER_CACHE=/var/cache/debusine-ts-<you> DEBUSINE_TS_SERVER_PORT=<port> ' +
        'DEBUSINE_TS_REDIS_PORT=<port>), or in CI (CI=true), not against the shared one on 8011.',
    )
  }
  const tooling = fileURLToPath(new URL('../../../../tooling/real-server/', import.meta.url))
  for (const script of ['down', 'up']) {
    await promisify(execFile)(`${tooling}${script}`, [], { timeout: 300_000 })
  }
}
