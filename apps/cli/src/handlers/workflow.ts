import { workRequestList } from './render.js'
import { printStarted } from './follow.js'
import type { CommandContext, ValuesOf } from '@debusine-ts/cli-kit'
import type { workflowCommands } from './workflow.commands.js'

/** `workflow list`: root workflows, newest first. */
export async function list(
  context: CommandContext,
  { limit }: ValuesOf<typeof workflowCommands.list>,
): Promise<void> {
  const client = await context.client()
  await context.printList(client.workflows.list({}, { signal: context.signal }), limit, workRequestList)
}

/** `workflow start`: from a template, or a workflow task with `--no-template`. */
export async function start(
  context: CommandContext,
  values: ValuesOf<typeof workflowCommands.start>,
): Promise<number | undefined> {
  const taskData = await context.readData(values.data)
  const { name, noTemplate } = values
  const client = await context.client()
  const workflow = await client.workflows.start(
    {
      templateName: noTemplate ? undefined : name,
      taskName: noTemplate ? name : undefined,
      workspace: await context.workspace(values.workspace),
      taskData,
    },
    { signal: context.signal },
  )
  return printStarted(context, workflow, 'Workflow', values)
}
