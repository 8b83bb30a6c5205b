import { type HandlerOf, UsageError } from '@debusine-ts/cli-kit'
import type { workflowCommands } from '../workflow.commands.js'
import { trackRequest } from '../interrupt-status.js'

/**
 * `workflow retry --failed`: retry only the failed or aborted leaves (`retryFailed`) and
 * say which; none gives `NothingToRetryError` (exit 3), nothing retried.
 */
export const retry: HandlerOf<typeof workflowCommands.retry> = async (context, { id, failed }) => {
  // Retrying every leaf is not offered: the flag says what is retried.
  if (!failed) throw new UsageError('--failed is required: only the failed leaves are retried', context.path)
  const client = await context.client()
  const { retryFailed } = await import('@debusine-ts/client')
  trackRequest(
    context,
    `the retry of workflow ${id}'s failed leaves did not complete: some may have been retried; check with 'debusine-ts workflow failures ${id}'.`,
  )
  const retried = await retryFailed(client, id, { signal: context.signal })
  const rows = retried.map(({ leaf, retried: attempt }) => ({
    id: leaf.id,
    task_type: leaf.taskType,
    task_name: leaf.taskName,
    status: leaf.status,
    result: leaf.result,
    retried_as: attempt.id,
  }))
  await context.print({
    json: rows,
    human: () =>
      rows
        .map(
          (row) => `Retried work request ${row.id} ${row.task_type}/${row.task_name} as ${row.retried_as}\n`,
        )
        .join(''),
  })
}
