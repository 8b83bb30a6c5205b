/**
 * A workflow with the two steps that wait for a person, made on the real server through
 * `debusine-admin shell` (no 0.16.2 workflow reachable from the API creates them without
 * packages, builds and QA): a running `noop` workflow holding a running `Wait/confirm` task
 * and a `noop` worker task blocked on a manual review (unblock strategy `manual`).
 */
import { sleep } from '@debusine-ts/transport'
import { realServer } from '../../../../tooling/vitest/real-server.js'
import { admin } from './admin.js'

/** The ids of the workflow and of its two waiting steps. */
export interface ManualSteps {
  workflow: number
  /** A running `Wait/confirm` task. */
  confirm: number
  /** A blocked `noop` task that waits for a manual review. */
  review: number
}

function script(workspace: string): string {
  return `
import json
from django.db import transaction
from debusine.db.context import context
from debusine.db.models import User, WorkRequest, Workspace
from debusine.server.tasks.wait.models import ConfirmData
from debusine.server.workflows.models import WorkRequestWorkflowData
from debusine.tasks.models import NoopData
workspace = Workspace.objects.get(name=${JSON.stringify(workspace)}, scope__name="debusine")
user = User.objects.get(username="testuser")
with context.disable_permission_checks(), transaction.atomic():
    workflow = WorkRequest.objects.create_workflow(task_name="noop", workspace=workspace, created_by=user)
    confirm = workflow.create_child_wait(task_name="confirm", task_data=ConfirmData(),
        workflow_data=WorkRequestWorkflowData(display_name="Confirm", step="confirm", needs_input=True))
    review = workflow.create_child_worker(task_name="noop", task_data=NoopData(),
        workflow_data=WorkRequestWorkflowData(display_name="Review", step="review"))
    review.unblock_strategy = WorkRequest.UnblockStrategy.MANUAL
    review.save()
    confirm.mark_pending()
    workflow.mark_pending()
    workflow.mark_running()
print(json.dumps({"workflow": workflow.id, "confirm": confirm.id, "review": review.id}))
`
}

/**
 * Wait until the scheduler took the `Wait/confirm` task up (pending → running): under load
 * it may take seconds, and a confirmation before it is refused.
 */
async function untilRunning(id: number): Promise<void> {
  const server = realServer()
  const deadline = Date.now() + 60_000
  for (;;) {
    const response = await fetch(`${server.apiUrl}/1.0/work-request/${id}/`, {
      headers: { Token: server.token, 'X-Debusine-Scope': server.scope },
    })
    const { status } = (await response.json()) as { status: string }
    if (status === 'running') return
    if (Date.now() > deadline) throw new Error(`work request ${id} is still ${status} after 60 s`)
    await sleep(250)
  }
}

/** Run a `debusine-admin shell` script and parse the JSON of its last line. */
async function shellJson<Answer>(code: string): Promise<Answer> {
  const stdout = await admin(['shell', '-c', code])
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Answer
}

/** Make the workflow in `workspace` (owned by testuser's group); takes a few seconds. */
export async function manualSteps(workspace: string): Promise<ManualSteps> {
  const steps = await shellJson<ManualSteps>(script(workspace))
  await untilRunning(steps.confirm)
  return steps
}

/**
 * A running workflow holding only the blocked `noop` that waits for a manual review, on any
 * server: 0.11 has no `Wait/confirm` and makes workflows only from templates (so this one is
 * made by hand), and names the child-making method `create_child`.
 */
function reviewScript(workspace: string): string {
  return `
import json
from django.db import transaction
from debusine.db.context import context
from debusine.db.models import User, WorkRequest, Workspace
from debusine.server.workflows.models import WorkRequestWorkflowData
from debusine.tasks.models import NoopData
workspace = Workspace.objects.get(name=${JSON.stringify(workspace)}, scope__name="debusine")
user = User.objects.get(username="testuser")
with context.disable_permission_checks(), transaction.atomic():
    try:
        workflow = WorkRequest.objects.create_workflow(task_name="noop", workspace=workspace, created_by=user)
    except TypeError:
        from debusine.tasks.models import TaskTypes
        workflow = WorkRequest.objects.create(task_type=TaskTypes.WORKFLOW, task_name="noop",
            workspace=workspace, created_by=user, task_data={})
    make_child = getattr(workflow, "create_child_worker", None) or workflow.create_child
    review = make_child("noop", task_data=NoopData(),
        workflow_data=WorkRequestWorkflowData(display_name="Review", step="review"))
    review.unblock_strategy = WorkRequest.UnblockStrategy.MANUAL
    review.save()
    workflow.mark_pending()
    workflow.mark_running()
print(json.dumps({"workflow": workflow.id, "review": review.id}))
`
}

/** Make a workflow whose one step waits for a manual review, in `workspace`, on any server. */
export function manualReview(workspace: string): Promise<Omit<ManualSteps, 'confirm'>> {
  return shellJson(reviewScript(workspace))
}
