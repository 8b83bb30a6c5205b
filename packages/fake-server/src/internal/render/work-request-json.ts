import type { WorkRequestRecord } from '../records.js'
import { parseServerTime } from '../server-clock.js'

/** The seconds between two wire datetimes, or null when either is missing. */
function durationSeconds(from: string | null, to: string | null): number | null {
  if (from == null || to == null) return null
  return (parseServerTime(to)! - parseServerTime(from)!) / 1_000_000
}

/** A work request as the server's API renders it. */
export function workRequestJson(scope: string, request: WorkRequestRecord): Record<string, unknown> {
  const webPath = `/${scope}/${request.workspace}/work-request/${request.id}/`
  const links: Record<string, string> = {
    self: `/api/1.0/work-request/${request.id}/`,
    webui_self: webPath,
    webui_created_by: `/-/user/${request.createdBy}/`,
  }
  if (request.workflowRoot != null) {
    links.workflow_root = `/api/1.0/work-request/${request.workflowRoot}/`
    links.webui_workflow_root = `/${scope}/${request.workspace}/work-request/${request.workflowRoot}/`
  }
  if (request.abortedBy != null) links.webui_aborted_by = `/-/user/${request.abortedBy}/`
  return {
    id: request.id,
    url: webPath,
    parent: request.parent ?? null,
    workflow_root: request.workflowRoot ?? null,
    task_name: request.taskName,
    created_at: request.createdAt,
    created_by: request.createdBy,
    completed_by: null,
    aborted_by: request.abortedBy,
    started_at: request.startedAt,
    completed_at: request.completedAt,
    duration: durationSeconds(request.startedAt, request.completedAt),
    worker: null,
    task_type: request.taskType,
    task_data: request.taskData,
    dynamic_task_data: null,
    priority_base: request.priorityBase,
    priority_adjustment: request.priorityAdjustment,
    workflow_data: request.workflowData,
    event_reactions: request.eventReactions,
    status: request.status,
    result: request.result,
    artifacts: request.artifacts,
    scope,
    workspace: request.workspace,
    scheduler_tags_provided: [`task:scope:${scope}`, `task:workspace:${scope}:${request.workspace}`],
    scheduler_tags_required:
      request.taskType === 'Workflow'
        ? ['worker:type:not-assignable']
        : [`worker:task:worker:${request.taskName}:version:1`, 'worker:type:external'],
    links,
  }
}
