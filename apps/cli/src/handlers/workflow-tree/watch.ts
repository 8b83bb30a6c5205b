import { setTimeout as sleep } from 'node:timers/promises'
import type { DebusineClient, WorkflowTree } from '@debusine-ts/client'
import { CliError, type CommandContext, exitCodes, type HandlerOf, renderTable } from '@debusine-ts/cli-kit'
import type { workflowCommands } from '../workflow.commands.js'
import { statusText } from '../render.js'
import { hasEnded, workflowOutcome, type FailOn, type WorkflowOutcome } from './outcome.js'

/** How often the trees are read again: the safety poll, which also sees aborts (no event is sent). */
const POLL_MS = 3_000

/** One watched workflow: its last tree, the status text of each work request seen, its outcome. */
export interface Watched {
  readonly id: number
  tree?: WorkflowTree
  readonly seen: Map<number, string>
  outcome?: WorkflowOutcome
}

/** The lines of what changed in `tree` since `seen` (updated), one per work request. */
export function changedLines(workflowId: number, tree: WorkflowTree, seen: Map<number, string>): string[] {
  const lines: string[] = []
  const requests = [tree.root, ...tree.nodes.map((node) => node.request)]
  for (const request of requests) {
    const text = statusText(request)
    if (seen.get(request.id) === text) continue
    seen.set(request.id, text)
    const what =
      request.id === workflowId ? 'workflow' : `${request.id} ${request.task_type}/${request.task_name}`
    lines.push(`${workflowId}: ${what} ${text}`)
  }
  return lines
}

/** Read the tree of `watched` again, print its changes, and settle its outcome once it ended. */
async function refresh(context: CommandContext, client: DebusineClient, watched: Watched, failOn: FailOn) {
  const { workflowTree, workflowFailures } = await import('@debusine-ts/client')
  const tree = await workflowTree(client, watched.id, { signal: context.signal })
  watched.tree = tree
  const lines = changedLines(watched.id, tree, watched.seen)
  if (lines.length > 0 && context.format !== 'json') context.io.stdout.write(`${lines.join('\n')}\n`)
  if (!hasEnded(tree.root)) return
  const failures = await workflowFailures(client, watched.id, { signal: context.signal })
  watched.outcome = workflowOutcome(tree.root, failures, failOn)
  const named = watched.outcome.warnings.length === 0 ? failures : []
  if (named.length > 0 && context.format !== 'json') {
    const lines = named.map(
      (f) => `${watched.id}: ${f.failureClass} failure: ${f.node.id} ${f.node.taskName}`,
    )
    context.io.stdout.write(`${lines.join('\n')}\n(its log: 'debusine-ts workflow failures ${watched.id}')\n`)
  }
  for (const { node, failureClass } of watched.outcome.warnings) {
    context.warn(
      `workflow ${watched.id}: ${failureClass} failure of ${node.id} ${node.taskName} (--fail-on build)`,
    )
  }
}

/** The workflows at the end, for humans: one row each with its status and exit code. */
export function summaryTable(watched: readonly Watched[]): string {
  return renderTable(
    ['Workflow', 'Status', 'Exit code'],
    watched.map((one) => [
      one.id,
      one.tree === undefined ? 'unknown' : statusText(one.tree.root),
      one.outcome?.exitCode ?? exitCodes.timeout,
    ]),
  )
}

/** The first non-zero exit code of the workflows, in the order given; 0 when all succeeded. */
const firstFailure = (watched: readonly Watched[]): number =>
  watched.map((one) => one.outcome?.exitCode ?? exitCodes.timeout).find((code) => code !== 0) ?? 0

/** `workflow watch`: follow the trees until every workflow ended, `--fail-fast`, or `--timeout`. */
export const watch: HandlerOf<typeof workflowCommands.watch> = async (context, values) => {
  const client = await context.client()
  const watched: Watched[] = [...new Set(values.ids)].map((id) => ({ id, seen: new Map() }))
  const deadline = values.timeout === undefined ? undefined : Date.now() + values.timeout * 1000
  try {
    for (;;) {
      for (const one of watched)
        if (one.outcome === undefined) await refresh(context, client, one, values.failOn)
      const ended = watched.filter((one) => one.outcome !== undefined)
      const failed = ended.some((one) => one.outcome!.exitCode !== 0)
      if (ended.length === watched.length || (values.failFast && failed)) break
      const left = deadline === undefined ? POLL_MS : deadline - Date.now()
      if (left <= 0) {
        await printSummary(context, watched)
        throw new CliError(`Workflows still running after ${values.timeout} seconds: ${pending(watched)}.`, {
          hint: `They go on on the server: 'debusine-ts workflow watch ${pending(watched)}' follows them again.`,
          exitCode: exitCodes.timeout,
        })
      }
      await sleep(Math.min(POLL_MS, left), undefined, { signal: context.signal })
    }
  } catch (error) {
    if (!context.signal.aborted) throw error
    context.feedback(`Interrupted; workflows ${pending(watched)} go on on the server.`)
    return exitCodes.interrupted
  }
  await printSummary(context, watched)
  return firstFailure(watched)
}

const pending = (watched: readonly Watched[]): string =>
  watched
    .filter((one) => one.outcome === undefined)
    .map((one) => one.id)
    .join(' ')

/** The final trees with `--json`; else the summary table of several workflows, or one's status. */
async function printSummary(context: CommandContext, watched: readonly Watched[]): Promise<void> {
  await context.print({
    json: watched.map((one) => ({
      id: one.id,
      root: one.tree?.root ?? null,
      nodes: (one.tree?.nodes ?? []).map((node) => ({ ...node, request: undefined })),
      exit_code: one.outcome?.exitCode ?? null,
      warnings: (one.outcome?.warnings ?? []).map(({ node, failureClass }) => ({
        id: node.id,
        class: failureClass,
      })),
    })),
    human: () =>
      watched.length === 1
        ? `Workflow ${watched[0]!.id} ${watched[0]!.tree === undefined ? 'unknown' : statusText(watched[0]!.tree.root)}\n`
        : summaryTable(watched),
  })
}
