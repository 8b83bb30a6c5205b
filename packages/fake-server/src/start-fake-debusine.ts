import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeDebusine, FakeDebusineOptions } from './fake-debusine.js'
import { CompletionChannel } from './internal/completion-channel.js'
import { ownHosts } from './internal/http/control-guard.js'
import { FakeState } from './internal/fake-state.js'
import { FaultPlan } from './internal/fault-plan.js'
import { RequestLog } from './internal/request-log.js'
import { requestHandler } from './internal/request-handler.js'
import { apiRoutes } from './internal/routes/api-routes.js'
import { controlRoutes } from './internal/routes/control.js'
import { answerEnrollment } from './internal/routes/enrollment.js'
import { loadState, saveState } from './internal/state-file.js'
import { addWorkflowStep } from './internal/work-request-records.js'
import { completeWorkRequest } from './internal/work-request-transitions.js'

function stateFor(options: FakeDebusineOptions): FakeState {
  const workspace = options.workspace ?? 'System'
  return new FakeState({
    scope: options.scope ?? 'debusine',
    workspaces: [workspace, ...(options.extraWorkspaces ?? [])],
    publicWorkspaces: options.publicWorkspaces ?? ['System'],
    user: {
      id: 1,
      username: options.username ?? 'testuser',
      token: options.token ?? randomBytes(32).toString('hex'),
    },
  })
}

/**
 * Start a fake Debusine on a real port: a stateful, in-memory server that speaks the
 * 0.16.2 wire for the endpoints it serves (see the README), with a control API for tests.
 * @example
 * const fake = await startFakeDebusine()
 * const client = new DebusineClient({ apiUrl: fake.apiUrl, token: fake.token, scope: fake.scope })
 * // …
 * await fake.close()
 */
export async function startFakeDebusine(options: FakeDebusineOptions = {}): Promise<FakeDebusine> {
  const state = stateFor(options)
  if (options.stateFile != null) loadState(state, options.stateFile)
  const faults = new FaultPlan()
  const log = new RequestLog()
  const channel = new CompletionChannel(state)
  const control = { hosts: new Set<string>(), token: options.controlToken ?? randomBytes(32).toString('hex') }
  const server = createServer(
    requestHandler({ state, apiRoutes, controlRoutes: controlRoutes({ faults, log }), faults, log, control }),
  )
  server.on('upgrade', (request, socket, head) => {
    log.record(request, Buffer.alloc(0))
    channel.upgrade(request, socket, head)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  control.hosts = ownHosts(host, address.port)
  const workRequest = (id: number) => {
    const found = state.workRequests.get(id)
    if (found == null) throw new Error(`The fake holds no work request ${id}.`)
    return found
  }
  return {
    apiUrl: `http://${host}:${address.port}/api`,
    token: state.user.token,
    controlToken: control.token,
    scope: state.scope,
    workspace: state.defaultWorkspace,
    completeWorkRequest: (id, result = 'success', complete = {}) =>
      completeWorkRequest(state, workRequest(id), result, complete),
    failWorkRequest: (id) => completeWorkRequest(state, workRequest(id), 'failure'),
    addWorkflowStep: (id, step) => addWorkflowStep(state, id, step).id,
    pendingEnrollments: () =>
      [...state.enrollments.values()].map(({ nonce, challenge, hostname, scope }) => ({
        nonce,
        challenge,
        hostname,
        scope,
      })),
    answerEnrollment: (outcome, nonce) => answerEnrollment(state, outcome, nonce),
    receivedRequests: () => log.list(),
    clearReceivedRequests: () => log.clear(),
    injectFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    expireToken: (expired = true) => void (state.tokenExpired = expired),
    close: async () => {
      channel.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (options.stateFile != null) saveState(state, options.stateFile)
    },
  }
}
