import type { Fault } from '../../faults.js'
import { jsonBody, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem, sendText } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { FaultPlan } from '../fault-plan.js'
import type { RequestLog } from '../request-log.js'
import { workRequestJson } from '../render/work-request-json.js'
import { completeWorkRequest } from '../work-request-transitions.js'
import { findWorkRequest } from './work-requests.js'

/** The parts of the fake the control API drives. */
export interface ControlledParts {
  faults: FaultPlan
  log: RequestLog
}

async function complete(exchange: Exchange, defaultResult: string): Promise<void> {
  const request = findWorkRequest(exchange)
  if (request == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const result = typeof body.result === 'string' ? body.result : defaultResult
  const ahead = typeof body.announce_ahead_ms === 'number' ? body.announce_ahead_ms : 0
  try {
    const applied = completeWorkRequest(exchange.state, request, result, { announceAheadMs: ahead })
    // Answer at once when the state lags the announcement: the test reads it meanwhile.
    if (ahead <= 0) await applied
  } catch (error) {
    sendProblem(exchange.response, 409, (error as Error).message)
    return
  }
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

function readFault(body: Record<string, unknown>): Fault | null {
  const fault = body.fault as { kind?: unknown; status?: unknown } | undefined
  if (fault?.kind === 'status' && typeof fault.status === 'number') return { kind: 'status', status: fault.status }
  if (fault?.kind === 'reset-before' || fault?.kind === 'reset-after') return { kind: fault.kind }
  return null
}

function armFault(exchange: Exchange, faults: FaultPlan): void {
  const body = jsonBody(exchange)
  if (body == null) return
  const fault = readFault(body)
  if (fault == null) {
    sendProblem(exchange.response, 400, 'fault must be {kind: "status", status} or {kind: "reset-before" | "reset-after"}')
    return
  }
  faults.add({
    method: typeof body.method === 'string' ? body.method : undefined,
    path: typeof body.path_pattern === 'string' ? new RegExp(body.path_pattern) : (body.path as string | undefined),
    fault,
    times: typeof body.times === 'number' ? body.times : body.times === 'always' ? Infinity : 1,
  })
  sendJson(exchange.response, 201, { armed: body })
}

/** The control API, under `/-/fake/` (a path the real server does not have), and `/healthz`. */
export function controlRoutes(parts: ControlledParts): Route[] {
  return [
    route('GET /healthz', (exchange) => sendText(exchange.response, 200, 'text/plain', 'ok\n')),
    route('GET /-/fake/requests/', (exchange) => sendJson(exchange.response, 200, parts.log.list())),
    route('DELETE /-/fake/requests/', (exchange) => {
      parts.log.clear()
      sendJson(exchange.response, 200, [])
    }),
    route('POST /-/fake/work-request/{id}/complete/', (exchange) => complete(exchange, 'success')),
    route('POST /-/fake/work-request/{id}/fail/', (exchange) => complete(exchange, 'failure')),
    route('POST /-/fake/faults/', (exchange) => armFault(exchange, parts.faults)),
    route('DELETE /-/fake/faults/', (exchange) => {
      parts.faults.clear()
      sendJson(exchange.response, 200, {})
    }),
    route('POST /-/fake/token/expire/', (exchange) => {
      const body = jsonBody(exchange)
      if (body == null) return
      exchange.state.tokenExpired = body.expired !== false
      sendJson(exchange.response, 200, { expired: exchange.state.tokenExpired })
    }),
  ]
}
