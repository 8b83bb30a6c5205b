import { isJsonObject, jsonBody, requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { WorkRequestRecord } from '../records.js'
import { workRequestJson } from '../render/work-request-json.js'
import { refuseTaskData } from '../task-data/task-models.js'
import { addWorkRequest } from '../work-request-records.js'

const ALLOWED_FIELDS = new Set(['task_name', 'task_data', 'event_reactions', 'workspace'])

/**
 * The worker tasks a user may create on the real server. The fake runs none of them: the
 * test completes them through the control API.
 */
const WORKER_TASKS = new Set([
  'assemblesignedsource',
  'autopkgtest',
  'blhc',
  'debdiff',
  'extractforsigning',
  'lintian',
  'makesourcepackageupload',
  'mergeuploads',
  'mmdebstrap',
  'noop',
  'piuparts',
  'sbuild',
  'simplesystemimagebuild',
])

function createWorkRequest(exchange: Exchange): void {
  const user = requireUser(exchange)
  if (user == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const unknown = Object.keys(body).filter((key) => !ALLOWED_FIELDS.has(key))
  if (unknown.length > 0) {
    sendProblem(exchange.response, 400, 'Cannot deserialize work request', undefined, {
      non_field_errors: [`Invalid fields: ${unknown.join(', ')}`],
    })
    return
  }
  if (body.task_data === null) {
    sendProblem(exchange.response, 400, 'Cannot deserialize work request', undefined, {
      task_data: ['This field may not be null.'],
    })
    return
  }
  const workspace = resolveWorkspace(exchange, body.workspace)
  if (workspace == null) return
  if (typeof body.task_name !== 'string' || !WORKER_TASKS.has(body.task_name)) {
    sendProblem(
      exchange.response,
      400,
      'Cannot create work request: task name is not registered',
      `Task name: ${JSON.stringify(body.task_name)}. Registered task names: ${[...WORKER_TASKS].join(', ')}`,
    )
    return
  }
  const refusal = refuseTaskData(body.task_name, body.task_data ?? {})
  if (refusal != null) {
    sendProblem(
      exchange.response,
      400,
      'Cannot create work request',
      refusal.detail,
      refusal.validationErrors,
    )
    return
  }
  const request = addWorkRequest(exchange.state, {
    taskName: body.task_name,
    taskType: 'Worker',
    workspace,
    createdBy: user.id,
    taskData: isJsonObject(body.task_data) ? body.task_data : {},
    eventReactions: isJsonObject(body.event_reactions) ? body.event_reactions : {},
  })
  const state = exchange.state
  sendJson(exchange.response, 200, workRequestJson(state.scope, request))
}

/** The work request a request names by id, or null after answering the server's 404. */
export function findWorkRequest(exchange: Exchange): WorkRequestRecord | null {
  const request = exchange.state.workRequests.get(Number(exchange.params[0]))
  if (request == null) {
    sendProblem(exchange.response, 404, 'Error', 'No WorkRequest matches the given query.')
    return null
  }
  return request
}

function showWorkRequest(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const request = findWorkRequest(exchange)
  if (request != null) sendJson(exchange.response, 200, workRequestJson(exchange.state.scope, request))
}

/** Create and show work requests. */
export const workRequestRoutes: Route[] = [
  route('POST /api/1.0/work-request/', createWorkRequest),
  route('GET /api/1.0/work-request/{id}/', showWorkRequest),
]
