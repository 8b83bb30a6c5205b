/**
 * Workflows with children on the real server, made through `debusine-admin shell` (the only
 * workflow the API starts on the test server, `noop`, has no children): a running `noop`
 * workflow whose children are `noop` worker tasks with the given results, which the real
 * worker runs; with `held`, one more child waits for a manual review and never runs.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { DebusineClient } from '../../../../packages/client/src/index.js'
import { abortAsAdmin } from '../../../../packages/client/test/support/admin.js'
import { noopData, serverBefore, serverLacks } from '../../../../tooling/vitest/real-server.js'

const ADMIN = fileURLToPath(new URL('../../../../tooling/real-server/admin', import.meta.url))

/** The ids of the workflow and of its children, in creation order. */
export interface ServerWorkflow {
  workflow: number
  children: number[]
}

/** A Python literal of the noop result the server's `NoopData` takes (a boolean before 0.12). */
function pythonResult(result: 'success' | 'failure'): string {
  const value = noopData(result).result
  return typeof value === 'boolean' ? (value ? 'True' : 'False') : JSON.stringify(value)
}

/**
 * The server's own calls differ by version: 0.16 creates a template-less workflow and typed
 * children and has `schedule_soon`; 0.11 creates the rows and runs its Celery scheduler task.
 */
function versionCalls(): { workflow: string; child: string; schedule: string } {
  if (serverBefore('0.12.0')) {
    return {
      workflow:
        'WorkRequest.objects.create(task_type="Workflow", task_name="noop", task_data={}, workspace=workspace, created_by=user)',
      child: 'workflow.create_child',
      schedule: 'from debusine.server.scheduler import schedule_task\nschedule_task.delay()',
    }
  }
  return {
    workflow: 'WorkRequest.objects.create_workflow(task_name="noop", workspace=workspace, created_by=user)',
    child: 'workflow.create_child_worker',
    schedule: 'from debusine.server.scheduler import schedule_soon\nschedule_soon()',
  }
}

function script(workspace: string, results: readonly ('success' | 'failure')[], held: boolean): string {
  const calls = versionCalls()
  return `
import json
from django.db import transaction
from debusine.db.context import context
from debusine.db.models import User, WorkRequest, Workspace
from debusine.server.workflows.models import WorkRequestWorkflowData
from debusine.tasks.models import NoopData
workspace = Workspace.objects.get(name=${JSON.stringify(workspace)}, scope__name="debusine")
user = User.objects.get(username="testuser")
children = []
with context.disable_permission_checks(), transaction.atomic():
    workflow = ${calls.workflow}
    for index, result in enumerate([${results.map(pythonResult).join(', ')}]):
        child = ${calls.child}(task_name="noop", task_data=NoopData(result=result),
            workflow_data=WorkRequestWorkflowData(display_name=f"Step {index}", step=f"step-{index}"))
        # Ahead of the other tests' work requests on the one shared worker.
        child.priority_adjustment = 100
        child.save()
        children.append(child)
    if ${held ? 'True' : 'False'}:
        review = ${calls.child}(task_name="noop", task_data=NoopData(),
            workflow_data=WorkRequestWorkflowData(display_name="Review", step="review"))
        review.unblock_strategy = WorkRequest.UnblockStrategy.MANUAL
        review.save()
        children.append(review)
    workflow.mark_pending()
    workflow.mark_running()
    for child in children[:${results.length}]:
        child.mark_pending()
${calls.schedule}
print(json.dumps({"workflow": workflow.id, "children": [child.id for child in children]}))
`
}

/** Make the workflow in `workspace` (owned by testuser's group); takes a few seconds. */
export async function serverWorkflow(
  workspace: string,
  results: readonly ('success' | 'failure')[],
  { held = false }: { held?: boolean } = {},
): Promise<ServerWorkflow> {
  const { stdout } = await promisify(execFile)(ADMIN, ['shell', '-c', script(workspace, results, held)], {
    encoding: 'utf8',
    timeout: 60_000,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ServerWorkflow
}

/** Abort a workflow through the API, or as the server's administrator where the API has none (0.11). */
export async function abortWorkflow(client: DebusineClient, id: number): Promise<void> {
  if (serverLacks('workRequests.abort')) await abortAsAdmin([id])
  else await client.workRequests.abort(id)
}
