import type { WorkRequest } from '@debusine-ts/models'
import { renderFields, renderTable } from '@debusine-ts/cli-kit'

/** The status of a work request for humans: `completed [success]`. */
export function statusText(request: { status: string; result: string }): string {
  return request.result === '' ? request.status : `${request.status} [${request.result}]`
}

/** One work request, for humans. */
export function workRequestFields(
  request: WorkRequest,
  webUrl: string,
  artifacts?: readonly unknown[],
): string {
  return renderFields([
    ['ID', request.id],
    ['URL', webUrl],
    ['Task', `${request.task_type}/${request.task_name}`],
    ['Status', statusText(request)],
    ['Workspace', request.workspace],
    ['Created', request.created_at],
    ['Started', request.started_at],
    ['Completed', request.completed_at],
    ['Worker', request.worker],
    ['Task data', request.task_data],
    ['Artifacts', artifacts ?? request.artifacts],
  ])
}

/** Work requests, for humans. */
export function workRequestTable(requests: readonly WorkRequest[]): string {
  return renderTable(
    ['ID', 'Task', 'Status', 'Workspace', 'Created', 'Started', 'Completed', 'Worker'],
    requests.map((request) => [
      request.id,
      `${request.task_type}/${request.task_name}`,
      statusText(request),
      request.workspace,
      request.created_at,
      request.started_at,
      request.completed_at,
      request.worker,
    ]),
  )
}

/** An object's web page; the server's front page when it names none (0.11.3 sends no `url`). */
export function webPage(client: { webuiUrl(path: string): string }, path: string | undefined): string {
  return client.webuiUrl(path === undefined || path === '' ? '/' : path)
}

/**
 * The page `artifact import-debian` names: the server's path, as the Python client prints it;
 * the server's front page when it names none (0.11.3 sends no `url`).
 */
export function importedPage(client: { webuiUrl(path: string): string }, path: string): string {
  return path === '' ? webPage(client, path) : path
}
