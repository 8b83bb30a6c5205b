/**
 * Helpers of the real-server tests of the completion channel: create noop work requests
 * (the real worker runs them) and recycle the server's HTTP workers, which drops every websocket.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, readlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { WorkRequestRequestModel, WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'
import { Transport } from '@debusine-ts/transport'
import { noopData, realServer } from '../../../../tooling/vitest/real-server.js'

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
      task_data: noopData(result),
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

/** The PID of the server's HTTP process (gunicorn's master or daphne), checked to be in its chroot. */
function httpPid(): { pid: number; command: string } {
  const root = realServer().serverRoot
  const pid = Number(readFileSync(`${root}/run/debusine-ts/http.pid`, 'utf8').trim())
  if (!Number.isInteger(pid) || readlinkSync(`/proc/${pid}/root`) !== root) {
    throw new Error(`the recorded HTTP server PID ${pid} is not a process of the server's chroot`)
  }
  return { pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }
}

/**
 * Recycle the server's HTTP workers as its deployment does, which drops every websocket:
 * gunicorn (0.16) reloads gracefully at SIGHUP (new workers start, the old ones finish their
 * requests; the API stays up); daphne (0.11), one process that cannot reload, is stopped
 * and started again with the other server daemons (`tooling/real-server/up`, ~20 s).
 */
export async function reloadHttpWorkers(): Promise<void> {
  const { pid, command } = httpPid()
  if (command.includes('gunicorn')) {
    process.kill(pid, 'SIGHUP')
    return
  }
  if (!command.includes('daphne')) throw new Error(`PID ${pid} is neither gunicorn nor daphne: ${command}`)
  process.kill(pid, 'SIGTERM')
  // `up` starts the daemons again only once it finds one missing. Daphne's shutdown can hang
  // for good (both of its threads waiting on a lock, seen in CI): after 30 s it is killed,
  // as the harness's `down` and a service manager do.
  for (let waited = 0; existsSync(`/proc/${pid}`); waited += 100) {
    if (waited === 30_000) {
      console.warn(`daphne (PID ${pid}) still running 30 s after SIGTERM: sending SIGKILL`)
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // It ended meanwhile.
      }
    }
    if (waited > 60_000) throw new Error(`daphne (PID ${pid}) still running 30 s after SIGKILL`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const up = fileURLToPath(new URL('../../../../tooling/real-server/up', import.meta.url))
  await promisify(execFile)(up, [], { timeout: 300_000 })
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
