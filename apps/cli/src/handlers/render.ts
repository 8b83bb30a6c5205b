import type { WorkRequest } from '@debusine-ts/models'
import {
  type CommandContext,
  type ListRendering,
  type PythonShape,
  pythonShapes,
  renderFields,
  renderTable,
  shapeLikePython,
} from '@debusine-ts/cli-kit'

/** A line of a panel, or a column of a table: its title and how an item gives its value. */
export type Field<Item> = readonly [title: string, value: (item: Item) => unknown]

/** A table of items, a column per field, for humans. */
export function itemTable<Item>(items: readonly Item[], columns: readonly Field<Item>[]): string {
  return renderTable(
    columns.map(([title]) => title),
    items.map((item) => columns.map(([, value]) => value(item))),
  )
}

/**
 * Print one server object: as is with `--json`, as the Python client's model `shape` with
 * `--yaml` (as is without a shape), else a panel of `fields`.
 */
export function printItem<Item>(
  context: CommandContext,
  item: Item,
  shape: PythonShape | undefined,
  fields: readonly Field<Item>[],
): Promise<void> {
  return context.print({
    json: item,
    yaml: shape === undefined ? item : shapeLikePython(item, shape),
    human: () => renderFields(fields.map(([title, value]) => [title, value(item)])),
  })
}

/** Print a list of server objects as {@link printItem} prints one, a table of `columns` for humans. */
export function printItems<Item>(
  context: CommandContext,
  items: readonly Item[],
  shape: PythonShape | undefined,
  columns: readonly Field<Item>[],
): Promise<void> {
  return context.print({
    json: items,
    yaml: shape === undefined ? items : items.map((item) => shapeLikePython(item, shape)),
    human: () => itemTable(items, columns),
  })
}

/** Print the `{result: success}` of a command that prints nothing else, with `--json` only. */
export async function printSuccess(context: CommandContext): Promise<void> {
  if (context.format === 'json') await context.print({ json: { result: 'success' } })
}

/**
 * What the Python CLI 0.11.3 printed for a create (`DONE on API_URL with id ID.` and the
 * id under `idKey`), which scripts written for it read.
 */
export async function printRegistered(
  context: CommandContext,
  done: string,
  idKey: string,
  id: number,
): Promise<void> {
  const { apiUrl } = await context.server()
  await context.print({
    json: { result: 'success', message: `${done} on ${apiUrl} with id ${id}.`, [idKey]: id },
  })
}

/** The status of a work request for humans: `completed [success]`. */
export function statusText(request: { status: string; result: string }): string {
  return request.result === '' ? request.status : `${request.status} [${request.result}]`
}

/** A work request in a list; its panel adds its page, task data and artifacts. */
const workRequestColumns: readonly Field<WorkRequest>[] = [
  ['ID', (request) => request.id],
  ['Task', (request) => `${request.task_type}/${request.task_name}`],
  ['Status', statusText],
  ['Workspace', (request) => request.workspace],
  ['Created', (request) => request.created_at],
  ['Started', (request) => request.started_at],
  ['Completed', (request) => request.completed_at],
  ['Worker', (request) => request.worker],
]

/** One work request, for humans. */
export function workRequestFields(
  request: WorkRequest,
  webUrl: string,
  artifacts?: readonly unknown[],
): string {
  // The list's columns, the page after the ID.
  const [id, ...rest] = workRequestColumns.map(([title, value]) => [title, value(request)] as const)
  return renderFields([
    id!,
    ['URL', webUrl],
    ...rest,
    ['Task data', request.task_data],
    ['Artifacts', artifacts ?? request.artifacts],
  ])
}

/** Work requests, as `work-request list` and `workflow list` print them as they arrive. */
export const workRequestList: ListRendering<WorkRequest> = {
  json: (request) => request,
  yaml: (request) => shapeLikePython(request, pythonShapes.workRequest),
  human: (requests) => itemTable(requests, workRequestColumns),
}

/** What makes the web pages of a server's objects: its client. */
type WebUi = { webuiUrl(path: string): string }

/** Print a work request: as is, the Python client's YAML, or its panel with its web page. */
export function printWorkRequest(
  context: CommandContext,
  client: WebUi,
  request: WorkRequest,
): Promise<void> {
  return context.print({
    json: request,
    yaml: shapeLikePython(request, pythonShapes.workRequest),
    human: () => workRequestFields(request, webPage(client, request.url)),
  })
}

/** An object's web page; the server's front page when it names none (0.11.3 sends no `url`). */
export function webPage(client: WebUi, path: string | undefined): string {
  return client.webuiUrl(path === undefined || path === '' ? '/' : path)
}

/**
 * The page `artifact import-debian` names: the server's path, as the Python client prints it;
 * the server's front page when it names none (0.11.3 sends no `url`).
 */
export function importedPage(client: WebUi, path: string): string {
  return path === '' ? webPage(client, path) : path
}
