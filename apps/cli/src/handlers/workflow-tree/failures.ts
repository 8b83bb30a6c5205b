import type { WorkflowFailure } from '@debusine-ts/client'
import type { CommandContext, HandlerOf } from '@debusine-ts/cli-kit'
import type { workflowCommands } from '../workflow.commands.js'
import { statusText, webPage } from '../render.js'

/** One failed leaf as `workflow failures` prints it (`--json` prints these objects). */
export interface FailureReport {
  readonly id: number
  readonly task_type: string
  readonly task_name: string
  readonly status: string
  readonly result: string
  /** `build` or `qa`. */
  readonly class: string
  /** Its web page. */
  readonly url: string
  /** The last lines of its log, `''` when it has none. */
  readonly log_tail: string
}

/** The report of each failure, its log tail read (`lines` lines), in the tree's order. */
export async function failureReports(
  failures: readonly WorkflowFailure[],
  lines: number,
  page: (path: string | undefined) => string,
  signal: AbortSignal,
): Promise<FailureReport[]> {
  return Promise.all(
    failures.map(async ({ node, failureClass, logTail }) => ({
      id: node.id,
      task_type: node.taskType,
      task_name: node.taskName,
      status: node.status,
      result: node.result,
      class: failureClass,
      url: page(node.request.url),
      log_tail: await logTail(lines, { signal }),
    })),
  )
}

/** The failure reports for humans: a heading per leaf, its page, then its log tail indented. */
export function renderFailures(workflowId: number, reports: readonly FailureReport[]): string {
  if (reports.length === 0) return `Workflow ${workflowId} has no failed leaf.\n`
  const blocks = reports.map((report) => {
    const heading = `${report.class.toUpperCase()} failure: work request ${report.id} ${report.task_type}/${report.task_name} ${statusText(report)}`
    const tail =
      report.log_tail === '' ? ['  (no log)'] : report.log_tail.split('\n').map((line) => `  | ${line}`)
    return [heading, `  ${report.url}`, ...tail].join('\n')
  })
  const count = reports.length === 1 ? '1 failed leaf' : `${reports.length} failed leaves`
  return `${[`Workflow ${workflowId}: ${count}`, ...blocks].join('\n\n')}\n`
}

/** Print the failures of workflow `id` with `lines` lines of each log. */
export async function printFailures(context: CommandContext, id: number, lines: number): Promise<void> {
  const client = await context.client()
  const { workflowFailures } = await import('@debusine-ts/client')
  const failures = await workflowFailures(client, id, { signal: context.signal })
  const reports = await failureReports(failures, lines, (path) => webPage(client, path), context.signal)
  await context.print({ json: reports, human: () => renderFailures(id, reports) })
}

/** `workflow failures`: each failed leaf with its task, class, page and log tail. */
export const failures: HandlerOf<typeof workflowCommands.failures> = async (context, { id, lines }) => {
  await printFailures(context, id, lines)
}
