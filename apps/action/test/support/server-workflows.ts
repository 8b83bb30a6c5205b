/**
 * Workflows with children on the real server, made through `debusine-admin shell` (the only
 * workflow the API starts on the test server, `noop`, has no children): a running `noop`
 * workflow whose children are `noop` worker tasks with the given results, which the real
 * worker runs; with `held`, one more child waits for a manual review and never runs.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ADMIN = fileURLToPath(new URL('../../../../tooling/real-server/admin', import.meta.url))

/** The ids of the workflow and of its children, in creation order. */
export interface ServerWorkflow {
  workflow: number
  children: number[]
}

function script(workspace: string, results: readonly string[], held: boolean): string {
  return `
import json
from django.db import transaction
from debusine.db.context import context
from debusine.db.models import User, WorkRequest, Workspace
from debusine.server.scheduler import schedule_soon
from debusine.server.workflows.models import WorkRequestWorkflowData
from debusine.tasks.models import NoopData
workspace = Workspace.objects.get(name=${JSON.stringify(workspace)}, scope__name="debusine")
user = User.objects.get(username="testuser")
children = []
with context.disable_permission_checks(), transaction.atomic():
    workflow = WorkRequest.objects.create_workflow(task_name="noop", workspace=workspace, created_by=user)
    for index, result in enumerate(${JSON.stringify(results)}):
        child = workflow.create_child_worker(task_name="noop", task_data=NoopData(result=result),
            workflow_data=WorkRequestWorkflowData(display_name=f"Step {index}", step=f"step-{index}"))
        # Ahead of the other tests' work requests on the one shared worker.
        child.priority_adjustment = 100
        child.save()
        children.append(child)
    if ${held ? 'True' : 'False'}:
        review = workflow.create_child_worker(task_name="noop", task_data=NoopData(),
            workflow_data=WorkRequestWorkflowData(display_name="Review", step="review"))
        review.unblock_strategy = WorkRequest.UnblockStrategy.MANUAL
        review.save()
        children.append(review)
    workflow.mark_pending()
    workflow.mark_running()
    for child in children[:len(${JSON.stringify(results)})]:
        child.mark_pending()
schedule_soon()
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
