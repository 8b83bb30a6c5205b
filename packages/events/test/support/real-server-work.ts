/**
 * Helpers of the real-server tests of the completion channel: create noop work requests
 * (the real worker runs them) and reload gunicorn's workers, which drops every websocket.
 */
import { readFileSync, readlinkSync } from 'node:fs'
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
