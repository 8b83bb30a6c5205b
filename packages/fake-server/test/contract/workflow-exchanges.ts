import { paginatedSchema, WorkflowTemplateSchema, WorkRequestSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf, maskId } from './http-call.js'
import { createPending } from './steps.js'
import type { Target } from './target.js'

const TLIST = 'GET /api/1.0/workflow-template/{workspace}/'
const TCREATE = 'POST /api/1.0/workflow-template/{workspace}/'
const TSHOW = 'GET /api/1.0/workflow-template/{workspace}/{key}/'
const START = 'POST /api/1.0/workflow/'
const LIST = 'GET /api/1.0/work-request/'
const UNBLOCK = 'POST /api/1.0/work-request/{id}/unblock/'
const CONFIRM = 'POST /api/1.0/work-request/{id}/confirm/'

/** Create the template `name` running `noop` in the target's workspace; returns the answer. */
function createTemplate(target: Target, name: string, extra: Record<string, unknown> = {}) {
  return call(target, {
    method: 'POST',
    path: `/workflow-template/${target.workspace}/`,
    json: { name, task_name: 'noop', static_parameters: {}, ...extra },
  })
}

function startWorkflow(target: Target, body: Record<string, unknown>) {
  return call(target, { method: 'POST', path: '/workflow/', json: { workspace: target.workspace, task_data: {}, ...body } })
}

/** Workflow templates, workflows, and the steps that wait for a person (unblock, confirm). */
export const workflowExchanges: ContractExchange[] = [
  {
    name: 'creates a workflow template: 201, runtime parameters {} unless given',
    endpoints: [TCREATE],
    schema: WorkflowTemplateSchema,
    run: async (target) => {
      const answer = await createTemplate(target, 'contract-created')
      const created = jsonOf(answer) as { runtime_parameters: unknown; priority: number }
      return { answer, facts: { runtime: created.runtime_parameters, priority: created.priority } }
    },
  },
  {
    name: 'refuses a second template of the same name: 400',
    endpoints: [TCREATE],
    run: async (target) => {
      await createTemplate(target, 'contract-twice')
      return { answer: await createTemplate(target, 'contract-twice') }
    },
  },
  {
    name: 'refuses a template of a task that is not a workflow: 400',
    endpoints: [TCREATE],
    run: async (target) => ({ answer: await createTemplate(target, 'contract-bad-task', { task_name: 'no-such-workflow' }) }),
  },
  {
    name: 'lists the templates of a workspace by name, in pages',
    endpoints: [TLIST],
    schema: paginatedSchema(WorkflowTemplateSchema),
    run: async (target) => {
      for (const name of ['contract-list-b', 'contract-list-a']) await createTemplate(target, name)
      const answer = await call(target, { path: `/workflow-template/${target.workspace}/` })
      const names = (jsonOf(answer) as { results: { name: string }[] }).results.map((template) => template.name)
      const beyond = await call(target, { path: `/workflow-template/${target.workspace}/?page=99` })
      return { answer, facts: { listed: names.filter((name) => name.startsWith('contract-list-')), beyond: beyond.status } }
    },
  },
  {
    name: 'refuses the templates of an unknown workspace: 404 Workspace not found',
    endpoints: [TLIST],
    run: async (target) => ({ answer: await call(target, { path: '/workflow-template/no-such-workspace/' }) }),
  },
  {
    name: 'shows a template by name and by id',
    endpoints: [TSHOW],
    schema: WorkflowTemplateSchema,
    run: async (target) => {
      const created = jsonOf(await createTemplate(target, 'contract.shown', { runtime_parameters: 'any' })) as { id: number }
      const answer = await call(target, { path: `/workflow-template/${target.workspace}/contract.shown/` })
      const byId = jsonOf(await call(target, { path: `/workflow-template/${target.workspace}/${created.id}/` }))
      return { answer, facts: { sameById: JSON.stringify(byId) === answer.bytes.toString('utf8') } }
    },
  },
  {
    name: 'answers 404 for an unknown template',
    endpoints: [TSHOW],
    run: async (target) => ({ answer: await call(target, { path: `/workflow-template/${target.workspace}/no-such-template/` }) }),
  },
  {
    name: 'starts a workflow from a template: 201, a pending Workflow that is its own root',
    endpoints: [START],
    schema: WorkRequestSchema,
    run: async (target) => {
      await createTemplate(target, 'contract-started', { runtime_parameters: 'any' })
      const answer = await startWorkflow(target, { template_name: 'contract-started' })
      const started = jsonOf(answer) as Record<string, unknown>
      return {
        answer,
        facts: {
          status: started.status,
          taskType: started.task_type,
          ownRoot: started.workflow_root === started.id,
          parent: started.parent,
          workflowData: started.workflow_data,
        },
      }
    },
  },
  {
    name: 'lists the root workflows (task_type=Workflow, root_only=true)',
    endpoints: [LIST],
    run: async (target) => {
      await createTemplate(target, 'contract-listed', { runtime_parameters: 'any' })
      const id = (jsonOf(await startWorkflow(target, { template_name: 'contract-listed' })) as { id: number }).id
      const worker = await createPending(target)
      const answer = await call(target, { path: `/work-request/?task_type=Workflow&root_only=true&ids=${id},${worker}` })
      const results = (jsonOf(answer) as { results: { id: number }[] }).results
      await call(target, { method: 'POST', path: `/work-request/${worker}/abort/`, json: {} })
      return { answer, facts: { listed: results.map((result) => (result.id === id ? 'workflow' : result.id)) } }
    },
  },
  {
    name: 'refuses a workflow naming both a template and a task: 400',
    endpoints: [START],
    run: async (target) => ({ answer: await startWorkflow(target, { template_name: 'x', task_name: 'noop' }) }),
  },
  {
    name: 'refuses a workflow of an unknown template: 404',
    endpoints: [START],
    run: async (target) => ({ answer: await startWorkflow(target, { template_name: 'no-such-template' }) }),
  },
  {
    name: "refuses task data the template's runtime parameters do not permit: 400",
    endpoints: [START],
    run: async (target) => {
      await createTemplate(target, 'contract-strict', { runtime_parameters: {} })
      const answer = await startWorkflow(target, { template_name: 'contract-strict', task_data: { x: 1 } })
      return { answer, facts: { detail: (jsonOf(answer) as { detail: unknown }).detail } }
    },
  },
  {
    name: 'refuses to unblock a work request that is not a manual step: 400',
    endpoints: [UNBLOCK],
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'POST', path: `/work-request/${id}/unblock/`, json: { action: 'accept' } })
      await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      return { answer: maskId(answer, id) }
    },
  },
  {
    name: 'refuses an unblock with neither notes nor action: 400',
    endpoints: [UNBLOCK],
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'POST', path: `/work-request/${id}/unblock/`, json: {} })
      await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      return { answer, facts: { errors: (jsonOf(answer) as { validation_errors: unknown }).validation_errors } }
    },
  },
  {
    name: 'answers 404 to the unblock of an unknown work request',
    endpoints: [UNBLOCK],
    run: async (target) => ({
      answer: await call(target, { method: 'POST', path: '/work-request/987654321/unblock/', json: { action: 'accept' } }),
    }),
  },
  {
    name: 'refuses to confirm a work request that is not a Wait/confirm step: 400',
    endpoints: [CONFIRM],
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'POST', path: `/work-request/${id}/confirm/`, json: { confirm: true } })
      await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      return { answer, facts: { detail: (jsonOf(answer) as { detail: unknown }).detail } }
    },
  },
]
