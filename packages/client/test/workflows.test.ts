/**
 * client.workflows against the real Debusine 0.16.2 server (the `noop` workflow, run by
 * the server's Celery worker).
 */
import { TaskType, ValidationError, WorkRequestResult, WorkRequestStatus } from '@debusine-ts/models'
import { BadRequestError, NotFoundError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { rejection } from '../../../tooling/vitest/rejection.js'

let workspace: string
let client: DebusineClient
let templateName: string

beforeAll(async () => {
  workspace = await freshWorkspace('wf')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  templateName = uniqueName('noop')
  await client.workflowTemplates.create({ name: templateName, task_name: 'noop', static_parameters: {} })
})

describe('workflows', () => {
  it('starts the noop workflow from a template (201) and it completes', async () => {
    const workflow = await client.workflows.start({ templateName })
    expect(workflow).toMatchObject({
      task_type: TaskType.WORKFLOW,
      task_name: 'noop',
      workspace,
      status: WorkRequestStatus.PENDING,
      workflow_data: expect.objectContaining({ workflow_template_name: templateName }) as unknown,
    })
    // 0.11.3 sends neither `parent` nor `workflow_root`; newer servers say it is its own root.
    expect(workflow.parent ?? null).toBeNull()
    expect(workflow.workflow_root ?? workflow.id).toBe(workflow.id)
    const done = await client.workRequests.waitForCompletion(workflow.id, {
      pollInterval: 250,
      maxWait: 60_000,
    })
    expect(done).toMatchObject({ status: WorkRequestStatus.COMPLETED, result: WorkRequestResult.SUCCESS })
  })

  requires('workflows.start without a template').it(
    'starts a workflow task without a template (workspace owner), through create',
    async () => {
      const workflow = await client.workflows.create({ taskName: 'noop', workspace, taskData: {} })
      expect(workflow).toMatchObject({ task_type: TaskType.WORKFLOW, task_name: 'noop', workspace })
      expect(workflow.workflow_data).not.toHaveProperty('workflow_template_name')
    },
  )

  requires('workRequests.list filtered by task type or root only').it(
    'lists root workflows, newest first',
    async () => {
      const workflow = await client.workflows.start({ templateName })
      const listed = await client.workflows.list().toArray({ limit: 30 })
      expect(listed.map((item) => item.id)).toContain(workflow.id)
      for (const item of listed) expect(item).toMatchObject({ task_type: TaskType.WORKFLOW, parent: null })
      const ids = listed.map((item) => item.id)
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
    },
  )

  it('requires exactly one of templateName and taskName before sending', async () => {
    const both = await rejection(client.workflows.start({ templateName, taskName: 'noop' }))
    expect(ValidationError.isInstance(both)).toBe(true)
    expect(both.message).toMatch(/exactly one of template_name and task_name.*both are/)
    const neither = await rejection(client.workflows.start({ taskData: {} }))
    expect(neither.message).toMatch(/neither is/)
    const wireName = await rejection(client.workflows.start({ templateName, task_data: {} } as never))
    expect(ValidationError.isInstance(wireName)).toBe(true)
    expect(wireName.message).toMatch(/task_data/)
  })

  it('an unknown template is a NotFoundError; a runtime parameter the template forbids is a BadRequestError', async () => {
    const missing = await rejection(client.workflows.start({ templateName: uniqueName('missing') }))
    expect(NotFoundError.isInstance(missing)).toBe(true)
    expect(missing.message).toMatch(/Workflow template not found/)

    const strict = uniqueName('strict')
    await client.workflowTemplates.create({
      name: strict,
      task_name: 'noop',
      static_parameters: {},
      runtime_parameters: {},
    })
    const refused = await rejection(
      client.workflows.start({ templateName: strict, taskData: { foo: 'bar' } }),
    )
    expect(BadRequestError.isInstance(refused)).toBe(true)
    expect(refused.message).toMatch(/Cannot create workflow/)
  })
})
