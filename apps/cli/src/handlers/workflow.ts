import { workRequestList } from './render.js'
import { printStarted } from './follow.js'
import type { CommandContext } from '@debusine-ts/cli-kit'

/** `workflow list`: root workflows, newest first. */
export async function list(context: CommandContext, { limit }: { limit: number }): Promise<void> {
  const client = await context.client()
  await context.printList(client.workflows.list({}, { signal: context.signal }), limit, workRequestList)
}

/** `workflow start`: from a template, or a workflow task with `--no-template`. */
export async function start(
  context: CommandContext,
  values: {
    name: string
    workspace: string | undefined
    data: string
    noTemplate: boolean
    wait: boolean
    timeout: number | undefined
  },
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
