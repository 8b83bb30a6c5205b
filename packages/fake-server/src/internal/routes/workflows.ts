import { isJsonObject, jsonBody, requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { TemplateRecord } from '../records.js'
import { workRequestJson } from '../render/work-request-json.js'
import { addWorkRequest } from '../work-request-records.js'
import { WORKFLOW_TASKS } from './workflow-templates.js'

/** The first key of `taskData` the template's runtime parameters do not allow, if any. */
function forbiddenKey(template: TemplateRecord, taskData: Record<string, unknown>): string | undefined {
  const allowed = template.runtimeParameters
  if (allowed === 'any') return undefined
  return Object.keys(taskData).find((key) => {
    const rule = allowed[key]
    if (rule === 'any') return false
    return !Array.isArray(rule) || !rule.some((value) => JSON.stringify(value) === JSON.stringify(taskData[key]))
  })
}

/** What the workflow runs: a template's task with its parameters, or a task named directly. */
function workflowSource(
  exchange: Exchange,
  body: Record<string, unknown>,
  workspace: string,
): { taskName: string; template: TemplateRecord | null } | null {
  const { template_name: templateName, task_name: taskName } = body
  const named = [templateName, taskName].filter((value) => typeof value === 'string' && value !== '')
  if (named.length !== 1) {
    sendProblem(exchange.response, 400, 'Cannot deserialize workflow creation request', undefined, {
      non_field_errors: ['Exactly one of template_name and task_name must be set'],
    })
    return null
  }
  if (typeof taskName === 'string' && taskName !== '') {
    if (WORKFLOW_TASKS.has(taskName)) return { taskName, template: null }
    sendProblem(exchange.response, 400, 'Cannot create workflow', `{'task_name': ['${taskName}: invalid workflow name']}`)
    return null
  }
  const template = [...exchange.state.templates.values()].find(
    (held) => held.workspace === workspace && held.name === templateName,
  )
  if (template == null) {
    sendProblem(exchange.response, 404, 'Workflow template not found')
    return null
  }
  return { taskName: template.taskName, template }
}

function startWorkflow(exchange: Exchange): void {
  const user = requireUser(exchange)
  if (user == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const workspace = resolveWorkspace(exchange, body.workspace)
  if (workspace == null) return
  const source = workflowSource(exchange, body, workspace)
  if (source == null) return
  const userData = isJsonObject(body.task_data) ? body.task_data : {}
  const template = source.template
  const forbidden = template == null ? undefined : forbiddenKey(template, userData)
  if (forbidden !== undefined) {
    sendProblem(exchange.response, 400, 'Cannot create workflow', `{'task_data': ["runtime_parameters do not permit '${forbidden}'"]}`)
    return
  }
  const request = addWorkRequest(exchange.state, {
    taskName: source.taskName,
    taskType: 'Workflow',
    workspace,
    createdBy: user.id,
    taskData: { ...template?.staticParameters, ...userData },
    workflowData: template == null ? {} : { workflow_template_name: template.name },
    priorityBase: template?.priority ?? 0,
  })
  sendJson(exchange.response, 201, workRequestJson(exchange.state.scope, request))
}

/** Start a workflow, from a template or by its task name. */
export const workflowRoutes: Route[] = [route('POST /api/1.0/workflow/', startWorkflow)]
