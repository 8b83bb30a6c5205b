import type { WorkflowStep } from '../fake-debusine.js'
import type { FakeState } from './fake-state.js'
import type { WorkRequestRecord } from './records.js'

/** What a new work request differs in from the defaults. */
export interface NewWorkRequest {
  taskName: string
  taskType: string
  workspace: string
  createdBy: number
  taskData?: Record<string, unknown>
  eventReactions?: Record<string, unknown>
  status?: string
  parent?: number | null
  workflowData?: Record<string, unknown>
  priorityBase?: number
  manualUnblock?: boolean
}

/**
 * Add a work request to the state: a root workflow is its own `workflow_root`, a step
 * has its parent's root.
 */
export function addWorkRequest(state: FakeState, fields: NewWorkRequest): WorkRequestRecord {
  const id = state.nextWorkRequestId++
  const parent = fields.parent == null ? null : state.workRequests.get(fields.parent)
  const request: WorkRequestRecord = {
    id,
    taskName: fields.taskName,
    taskType: fields.taskType,
    taskData: fields.taskData ?? {},
    eventReactions: fields.eventReactions ?? {},
    workspace: fields.workspace,
    status: fields.status ?? 'pending',
    result: '',
    createdAt: state.clock.now(),
    startedAt: null,
    completedAt: null,
    createdBy: fields.createdBy,
    abortedBy: null,
    priorityBase: fields.priorityBase ?? 0,
    priorityAdjustment: 0,
    artifacts: [],
    workflowData: fields.workflowData ?? {},
    supersededBy: null,
    parent: parent?.id ?? null,
    workflowRoot: parent != null ? (parent.workflowRoot ?? parent.id) : fields.taskType === 'Workflow' ? id : null,
    manualUnblock: fields.manualUnblock ?? false,
  }
  if (request.status === 'running') request.startedAt = request.createdAt
  state.workRequests.set(id, request)
  return request
}

/**
 * Add a step to a workflow (the test plays the orchestrator): a blocked step waits for
 * `unblock` when `manualUnblock` is set; the workflow turns running.
 */
export function addWorkflowStep(state: FakeState, workflowId: number, step: WorkflowStep): WorkRequestRecord {
  const workflow = state.workRequests.get(workflowId)
  if (workflow == null || workflow.taskType !== 'Workflow') throw new Error(`The fake holds no workflow ${workflowId}.`)
  if (workflow.status !== 'pending' && workflow.status !== 'running') {
    throw new Error(`Workflow ${workflowId} is ${workflow.status}: steps are added to a pending or running one.`)
  }
  if (workflow.status === 'pending') {
    workflow.status = 'running'
    workflow.startedAt = state.clock.now()
  }
  return addWorkRequest(state, {
    taskName: step.taskName,
    taskType: step.taskType ?? 'Worker',
    workspace: workflow.workspace,
    createdBy: workflow.createdBy,
    taskData: step.taskData ?? {},
    status: step.status ?? (step.taskType === 'Wait' ? 'running' : 'pending'),
    parent: workflow.id,
    manualUnblock: step.manualUnblock ?? false,
  })
}
