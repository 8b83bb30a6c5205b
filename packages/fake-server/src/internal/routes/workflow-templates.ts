import { isJsonObject, jsonBody, requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendPage } from '../http/page.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { TemplateRecord } from '../records.js'
import { workflowTemplateJson } from '../render/workflow-template-json.js'

/** The workflows of the 0.16.2 server: the only task names a template or a workflow may name. */
export const WORKFLOW_TASKS = new Set([
  'autopkgtest',
  'blhc',
  'create_child_workspace',
  'debdiff',
  'debian_pipeline',
  'lintian',
  'make_signed_source',
  'noop',
  'package_publish',
  'package_upload',
  'piuparts',
  'qa',
  'reverse_dependencies_autopkgtest',
  'sbuild',
  'update_environments',
  'update_suite',
  'update_suites',
])

/** The workspace of the path, for a user; null after answering 403 or 404. */
function pathWorkspace(exchange: Exchange): string | null {
  if (requireUser(exchange) == null) return null
  return resolveWorkspace(exchange, exchange.params[0])
}

function listTemplates(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const templates = [...exchange.state.templates.values()]
    .filter((template) => template.workspace === workspace)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  sendPage(exchange, templates, (template) => workflowTemplateJson(exchange.state.scope, template))
}

/** The template a path names by id (all digits) or by name, or null after the server's 404. */
export function findTemplate(exchange: Exchange, workspace: string, key: string): TemplateRecord | null {
  const found = [...exchange.state.templates.values()].find(
    (template) => template.workspace === workspace && (/^\d+$/.test(key) ? template.id === Number(key) : template.name === key),
  )
  if (found == null) sendProblem(exchange.response, 404, 'Object not found')
  return found ?? null
}

function showTemplate(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const template = findTemplate(exchange, workspace, exchange.params[1] ?? '')
  if (template != null) sendJson(exchange.response, 200, workflowTemplateJson(exchange.state.scope, template))
}

function createTemplate(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const { name, task_name: taskName } = body
  if (typeof taskName !== 'string' || !WORKFLOW_TASKS.has(taskName)) {
    const reason = `${typeof taskName === 'string' ? `'${taskName}'` : String(taskName)} is not a registered Workflow task_name`
    sendProblem(exchange.response, 400, 'Cannot deserialize workflow template', undefined, { task_name: { task_name: reason } })
    return
  }
  if (typeof name !== 'string' || name === '') {
    sendProblem(exchange.response, 400, 'Cannot deserialize workflow template', undefined, { name: ['This field is required.'] })
    return
  }
  const state = exchange.state
  if ([...state.templates.values()].some((template) => template.workspace === workspace && template.name === name)) {
    sendProblem(exchange.response, 400, 'Workflow template already exists', `A workflow template called '${name}' already exists`)
    return
  }
  const template: TemplateRecord = {
    id: state.nextTemplateId++,
    workspace,
    name,
    taskName,
    staticParameters: isJsonObject(body.static_parameters) ? body.static_parameters : {},
    runtimeParameters: body.runtime_parameters === 'any' ? 'any' : isJsonObject(body.runtime_parameters) ? body.runtime_parameters : {},
    priority: typeof body.priority === 'number' ? body.priority : 0,
  }
  state.templates.set(template.id, template)
  sendJson(exchange.response, 201, workflowTemplateJson(state.scope, template))
}

/** Workflow templates: list (by name, in pages), create, show by id or name. */
export const workflowTemplateRoutes: Route[] = [
  route('GET /api/1.0/workflow-template/{workspace}/', listTemplates),
  route('POST /api/1.0/workflow-template/{workspace}/', createTemplate),
  route('GET /api/1.0/workflow-template/{workspace}/{key}/', showTemplate),
]
