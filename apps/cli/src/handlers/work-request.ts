import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Artifact } from '@debusine-ts/models'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { exitCodes } from '../exit-codes.js'
import { shaped, shapedArtifact, workRequestShape } from '../python-shapes.js'
import { follow, printStarted } from './follow.js'
import { workRequestFields, workRequestTable } from './render.js'

function id(context: CommandContext): number {
  return context.arguments.WORK_REQUEST_ID as number
}

/** `work-request list`. */
export async function list(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const requests = await client.workRequests.list({}, { signal: context.signal }).toArray({
    limit: context.integer('limit') ?? 20,
  })
  context.print({
    json: requests,
    yaml: requests.map((request) => shaped(request, workRequestShape)),
    human: () => workRequestTable(requests),
  })
  return undefined
}

/** `work-request show`: the work request and the artifacts it produced. */
export async function show(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const request = await client.workRequests.get(id(context), { signal: context.signal })
  const artifacts: Artifact[] = []
  for (const artifactId of request.artifacts) {
    artifacts.push(await client.artifacts.get(artifactId, { signal: context.signal }))
  }
  context.print({
    json: { ...request, artifacts },
    yaml: { ...shaped(request, workRequestShape), artifacts: artifacts.map(shapedArtifact) },
    human: () =>
      workRequestFields(
        request,
        client.webuiUrl(request.url),
        artifacts.map((artifact) => `${artifact.id} ${artifact.category}`),
      ),
  })
  return undefined
}

/** `work-request create`. */
export async function create(context: CommandContext): Promise<number | undefined> {
  const taskData = await context.readData(true)
  let eventReactions: Record<string, unknown> | undefined
  const reactionsFile = context.string('event-reactions')
  if (reactionsFile !== undefined) {
    const { parse } = await import('yaml')
    let text: string
    try {
      text = await readFile(resolve(context.io.cwd, reactionsFile), 'utf8')
    } catch (error) {
      throw new CliError(`Cannot read ${reactionsFile}: ${(error as Error).message}`)
    }
    const value: unknown = parse(text)
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new CliError(`${reactionsFile}: the event reactions must be a mapping`)
    }
    eventReactions = (value ?? {}) as Record<string, unknown>
  }
  const client = await context.client()
  const request = await client.workRequests.create(
    {
      task_name: context.arguments.TASK_NAME as string,
      task_data: taskData,
      event_reactions: eventReactions,
      workspace: await context.workspace(),
    },
    { signal: context.signal },
  )
  return printStarted(context, request, 'Work request')
}

/** `work-request manage`. */
export async function manage(context: CommandContext): Promise<undefined> {
  const adjustment = context.integer('set-priority-adjustment')
  if (adjustment === undefined) {
    throw new CliError('Nothing to do: no change was requested.', {
      hint: 'Give --set-priority-adjustment N.',
    })
  }
  const client = await context.client()
  const request = await client.workRequests.updatePriority(id(context), adjustment, {
    signal: context.signal,
  })
  if (context.format === 'json') context.print({ json: request })
  return undefined
}

/** `work-request retry`. */
export async function retry(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const request = await client.workRequests.retry(id(context), { signal: context.signal })
  if (context.format === 'json') context.print({ json: request })
  return undefined
}

/** `work-request abort`. */
export async function abort(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const request = await client.workRequests.abort(id(context), { signal: context.signal })
  if (context.format === 'json') context.print({ json: request })
  return undefined
}

/** `work-request watch`: follow until completion; the exit code comes from the result. */
export async function watch(context: CommandContext): Promise<number> {
  const client = await context.client()
  const request = await client.workRequests.get(id(context), { signal: context.signal })
  return follow(context, request)
}

/** `work-request on-completed`: run a command for each completion, until interrupted. */
export async function onCompleted(context: CommandContext): Promise<number> {
  const [command, ...args] = context.arguments.COMMAND as string[]
  const client = await context.client()
  const { onWorkRequestCompleted } = await import('@debusine-ts/events')
  const workspaces = context.strings('workspace')
  const state = context.string('last-completed-at')
  // A command that is not executable, or an unusable state file, are the library's
  // errors: the error printer maps them to exit code 3, as the Python client.
  await onWorkRequestCompleted(client, {
    command: command!,
    args,
    workspaces: workspaces.length === 0 ? undefined : workspaces,
    lastCompletedAt: state === undefined ? undefined : resolve(context.io.cwd, state),
    workingDirectory: context.io.cwd,
    signal: context.signal,
    onConnect: () => context.feedback('Connected; waiting for completed work requests.'),
    onCommandFinished: (info) => {
      if (info.error !== undefined) context.warn(`${command!} did not start: ${info.error.message}`)
    },
  })
  return exitCodes.success
}
