import { asText, jsonBody, requireUser, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import { workRequestJson } from '../render/work-request-json.js'
import { abortWorkRequest, completeWorkRequest } from '../work-request-transitions.js'
import { findWorkRequest } from './work-requests.js'

const UNBLOCK_ACTIONS = new Set(['accept', 'reject'])

/** `unblock`: the workspace owner (the fake's user owns them all) accepts or rejects a manual step. */
function unblock(exchange: Exchange): void {
  const user = requireUser(exchange)
  if (user == null) return
  const request = findWorkRequest(exchange)
  if (request == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const { action, notes } = body
  const invalid =
    action === undefined && notes === undefined
      ? { non_field_errors: ['At least one of notes and action must be set'] }
      : action !== undefined && (typeof action !== 'string' || !UNBLOCK_ACTIONS.has(action))
        ? { action: [`"${asText(action)}" is not a valid choice.`] }
        : null
  if (invalid != null) {
    sendProblem(exchange.response, 400, 'Cannot deserialize work request unblock', undefined, invalid)
    return
  }
  if (!request.manualUnblock || request.parent == null || request.status !== 'blocked') {
    sendProblem(exchange.response, 400, `Work request ${request.id} cannot be manually unblocked`)
    return
  }
  if (typeof notes === 'string') request.workflowData = { ...request.workflowData, manual_unblock: { log: [{ notes }] } }
  if (action === 'accept') request.status = 'pending'
  if (action === 'reject') abortWorkRequest(exchange.state, request, user.id)
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

/** `confirm`: a running `Wait/confirm` step completes with success, or failure when refused. */
async function confirm(exchange: Exchange): Promise<void> {
  if (requireUser(exchange) == null) return
  const request = findWorkRequest(exchange)
  if (request == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  if (request.taskType !== 'Wait' || request.taskName !== 'confirm') {
    const detail = [`Expected work request to be Wait/Confirm; got ${request.taskType}/${request.taskName}`]
    sendProblem(exchange.response, 400, 'Error', detail)
    return
  }
  if (request.status !== 'running') {
    sendProblem(exchange.response, 400, 'Error', [`Work request is not running. Status: ${request.status}`])
    return
  }
  await completeWorkRequest(exchange.state, request, body.confirm === false ? 'failure' : 'success')
  sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

/** The steps of a workflow that wait for a person: manual unblock and confirmation. */
export const workRequestStepRoutes: Route[] = [
  route('POST /api/1.0/work-request/{id}/unblock/', unblock),
  route('POST /api/1.0/work-request/{id}/confirm/', confirm),
]
