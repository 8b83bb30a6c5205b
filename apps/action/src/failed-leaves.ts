import { workflowFailures, type DebusineClient } from '@debusine-ts/client'
import { ServerTooOldError, type WorkRequest } from '@debusine-ts/models'
import { markdownText } from './markdown.js'

/** A failed leaf of a workflow, as the `failed-leaves` output and the summary name it. */
export interface FailedLeaf {
  readonly id: number
  readonly taskName: string
  /** `build` or `qa` (`classifyFailure`). */
  readonly failureClass: string
  /** The last lines of its log, `''` when it has none. */
  readonly logTail: string
}

/** How many lines of each failed leaf's log the summary shows. */
const LOG_LINES = 30

/**
 * The failed leaves of a finished workflow with their classes and log tails; none for a
 * plain work request, or on a server whose work requests do not name their workflow (0.11).
 */
export async function failedLeaves(client: DebusineClient, root: WorkRequest): Promise<FailedLeaf[]> {
  if (root.task_type !== 'Workflow') return []
  try {
    const failures = await workflowFailures(client, root.id)
    return await Promise.all(
      failures.map(async ({ node, failureClass, logTail }) => ({
        id: node.id,
        taskName: node.taskName,
        failureClass,
        logTail: await logTail(LOG_LINES),
      })),
    )
  } catch (error) {
    if (ServerTooOldError.isInstance(error)) return []
    throw error
  }
}

/** The `failed-leaves` output: `ID:TASK:CLASS`, comma-separated. */
export function failedLeavesText(leaves: readonly FailedLeaf[]): string {
  return leaves.map((leaf) => `${leaf.id}:${leaf.taskName}:${leaf.failureClass}`).join(',')
}

/** A fence of backticks longer than any run of them in `text`, so the log cannot end its block. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  return '`'.repeat(Math.max(3, longest + 1))
}

/** The summary's section of failed leaves: a line each, its log tail in a collapsed block. */
export function failedLeavesMarkdown(leaves: readonly FailedLeaf[]): string[] {
  if (leaves.length === 0) return []
  const lines = ['### Failed leaves', '']
  for (const leaf of leaves) {
    const fence = fenceFor(leaf.logTail)
    lines.push(
      `<details><summary>#${leaf.id} ${markdownText(leaf.taskName)}: ${leaf.failureClass} failure</summary>`,
      '',
      fence,
      leaf.logTail === '' ? '(no log)' : leaf.logTail,
      fence,
      '',
      '</details>',
      '',
    )
  }
  return lines
}
