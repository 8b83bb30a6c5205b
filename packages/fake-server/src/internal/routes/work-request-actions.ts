import { jsonBody, requireUser, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import { workRequestJson } from '../render/work-request-json.js'
import { abortRefusal, abortWorkRequest, retryRefusal, retryWorkRequest } from '../work-request-transitions.js'
import { findWorkRequest } from './work-requests.js'

function abort(exchange: Exchange): void {
  const user = requireUser(exchange)
  if (user == null) return
  const request = findWorkRequest(exchange)
  if (request == null) return
  const refusal = abortRefusal(request)
  if (refusal != null) {
    sendProblem(exchange.response, 400, 'Cannot abort work request', refusal)
    return
  }
  abortWorkRequest(exchange.state, request, user.id)
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

function retry(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const request = findWorkRequest(exchange)
  if (request == null) return
  const refusal = retryRefusal(request)
  if (refusal != null) {
    sendProblem(exchange.response, 400, 'Cannot retry work request', refusal)
    return
  }
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, retryWorkRequest(exchange.state, request)))
}

/** PATCH: only `priority_adjustment`, and (the user holding no global permission) only ≤ 0. */
function update(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const request = findWorkRequest(exchange)
  if (request == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const adjustment = body.priority_adjustment
  const unknown = Object.keys(body).filter((key) => key !== 'priority_adjustment')
  if (!Number.isInteger(adjustment) || unknown.length > 0) {
    sendProblem(exchange.response, 400, 'Cannot deserialize work request update', undefined, {
      priority_adjustment: ['A valid integer is required.'],
    })
    return
  }
  if ((adjustment as number) > 0) {
    sendProblem(exchange.response, 403, 'You are not permitted to set priority adjustments')
    return
  }
  request.priorityAdjustment = adjustment as number
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

/** Abort, retry and update a work request. */
export const workRequestActionRoutes: Route[] = [
  route('POST /api/1.0/work-request/{id}/abort/', abort),
  route('POST /api/1.0/work-request/{id}/retry/', retry),
  route('PATCH /api/1.0/work-request/{id}/', update),
]
