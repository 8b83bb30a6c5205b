import type { WorkflowStep } from '../../fake-debusine.js'
import type { Fault } from '../../faults.js'
import { isJsonObject, jsonBody, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem, sendText } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { FaultPlan } from '../fault-plan.js'
import type { RequestLog } from '../request-log.js'
import { workRequestJson } from '../render/work-request-json.js'
import { completeWorkRequest } from '../work-request-transitions.js'
import { addWorkflowStep } from '../work-request-records.js'
import { answerEnrollment } from './enrollment.js'
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
  const fault = body.fault as { kind?: unknown; status?: unknown; delay_ms?: unknown; chunk_bytes?: unknown } | undefined
  switch (fault?.kind) {
    case 'status':
      return typeof fault.status === 'number' ? { kind: 'status', status: fault.status } : null
    case 'reset-before':
    case 'reset-after':
    case 'recycle-close':
      return { kind: fault.kind }
    case 'slow-body': {
      if (typeof fault.delay_ms !== 'number') return null
      const chunkBytes = typeof fault.chunk_bytes === 'number' ? fault.chunk_bytes : undefined
      return { kind: 'slow-body', delayMs: fault.delay_ms, chunkBytes }
    }
    default:
      return null
  }
}

function armFault(exchange: Exchange, faults: FaultPlan): void {
  const body = jsonBody(exchange)
  if (body == null) return
  const fault = readFault(body)
  if (fault == null) {
    const kinds = '{kind: "status", status}, {kind: "slow-body", delay_ms, chunk_bytes?} or {kind: "reset-before" | "reset-after" | "recycle-close"}'
    sendProblem(exchange.response, 400, `fault must be ${kinds}`)
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

function addStep(exchange: Exchange): void {
  const body = jsonBody(exchange)
  if (body == null) return
  const taskType = typeof body.task_type === 'string' ? body.task_type : undefined
  try {
    const step = addWorkflowStep(exchange.state, Number(exchange.params[0]), {
      taskName: String(body.task_name),
      taskType: taskType as WorkflowStep['taskType'],
      status: body.status as WorkflowStep['status'],
      manualUnblock: body.manual_unblock === true,
      taskData: isJsonObject(body.task_data) ? body.task_data : undefined,
    })
    sendJson(exchange.response, 201, workRequestJson(exchange.state.scope, step))
  } catch (error) {
    sendProblem(exchange.response, 409, (error as Error).message)
  }
}

function enrollmentAnswer(exchange: Exchange, outcome: 'confirm' | 'cancel'): void {
  try {
    answerEnrollment(exchange.state, outcome, exchange.params[0])
    sendJson(exchange.response, 200, { outcome })
  } catch (error) {
    sendProblem(exchange.response, 404, (error as Error).message)
  }
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
    route('POST /-/fake/workflow/{id}/steps/', addStep),
    route('GET /-/fake/enrollments/', (exchange) =>
      sendJson(
        exchange.response,
        200,
        [...exchange.state.enrollments.values()].map(({ nonce, challenge, hostname, scope }) => ({ nonce, challenge, hostname, scope })),
      ),
    ),
    route('POST /-/fake/enrollments/{nonce}/confirm/', (exchange) => enrollmentAnswer(exchange, 'confirm')),
    route('POST /-/fake/enrollments/{nonce}/cancel/', (exchange) => enrollmentAnswer(exchange, 'cancel')),
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
