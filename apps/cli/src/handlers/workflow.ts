import { workRequestList } from './render.js'
import { printStarted } from './follow.js'
import type { HandlerOf } from '@debusine-ts/cli-kit'
import type { workflowCommands } from './workflow.commands.js'
import { trackRequest } from './interrupt-status.js'

/** `workflow list`: root workflows, newest first. */
export const list: HandlerOf<typeof workflowCommands.list> = async (context, { limit }) => {
  const client = await context.client()
  await context.printList(client.workflows.list({}, { signal: context.signal }), limit, workRequestList)
}

/** `workflow start`: from a template, or a workflow task with `--no-template`. */
export const start: HandlerOf<typeof workflowCommands.start> = async (context, values) => {
  const taskData = await context.readData(values.data)
  const { name, noTemplate } = values
  const client = await context.client()
  trackRequest(
    context,
    `the start of workflow "${name}" did not complete: the server may or may not have started it; check with 'debusine-ts workflow list' before running the same command again.`,
  )
  const workflow = await client.workflows.start(
    {
      templateName: noTemplate ? undefined : name,
      taskName: noTemplate ? name : undefined,
      workspace: await context.workspace(values.workspace),
      taskData,
    },
    { signal: context.signal },
  )
  trackRequest(context, `workflow ${workflow.id} was started on the server and goes on there.`)
  return printStarted(context, workflow, 'Workflow', values)
}
export { failures } from './workflow-tree/failures.js'
export { retry } from './workflow-tree/retry.js'
export { download } from './workflow-tree/download.js'
export { watch } from './workflow-tree/watch.js'
