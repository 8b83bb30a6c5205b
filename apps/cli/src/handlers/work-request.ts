import { access, constants, readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Artifact, WorkRequest } from '@debusine-ts/models'
import { follow, printStarted } from './follow.js'
import { printWorkRequest, webPage, workRequestFields, workRequestList } from './render.js'
import {
  CliError,
  type CommandContext,
  type HandlerOf,
  UsageError,
  cannotOpenArgument,
  exitCodes,
  isSdkError,
  shapeLikePython,
  shapeArtifactLikePython,
  pythonShapes,
} from '@debusine-ts/cli-kit'
import type { workRequestCommands } from './work-request.commands.js'
export { sign } from './work-request-sign.js'

/** `work-request list`. */
export const list: HandlerOf<typeof workRequestCommands.list> = async (context, { limit }) => {
  const client = await context.client()
  // Printed as the pages arrive (issue 11): a long list starts at once and takes no memory.
  await context.printList(client.workRequests.list({}, { signal: context.signal }), limit, workRequestList)
}

/** `work-request show`: the work request and the artifacts it produced. */
export const show: HandlerOf<typeof workRequestCommands.show> = async (context, { id }) => {
  const client = await context.client()
  const request = await client.workRequests.get(id, { signal: context.signal })
  // At once: a work request produces a handful of artifacts, and each is a round trip.
  const artifacts: Artifact[] = await Promise.all(
    request.artifacts.map((artifactId) => client.artifacts.get(artifactId, { signal: context.signal })),
  )
  await context.print({
    json: { ...request, artifacts },
    yaml: {
      ...shapeLikePython(request, pythonShapes.workRequest),
      artifacts: artifacts.map(shapeArtifactLikePython),
    },
    human: () =>
      workRequestFields(
        request,
        webPage(client, request.url),
        artifacts.map((artifact) => `${artifact.id} ${artifact.category}`),
      ),
  })
}

/** `work-request create`. */
export const create: HandlerOf<typeof workRequestCommands.create> = async (context, values) => {
  const taskData = await context.readData(values.data)
  let eventReactions: Record<string, unknown> | undefined
  const reactionsFile = values.eventReactions
  if (reactionsFile !== undefined) {
    const { parse } = await import('yaml')
    let text: string
    try {
      text = await readFile(resolve(context.io.cwd, reactionsFile), 'utf8')
    } catch (error) {
      throw cannotOpenArgument('--event-reactions', reactionsFile, error, context.path)
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
      task_name: values.taskName,
      task_data: taskData,
      event_reactions: eventReactions,
      workspace: await context.workspace(values.workspace),
    },
    { signal: context.signal },
  )
  return printStarted(context, request, 'Work request', values)
}

/** Print nothing but, with `--json`, a work request as the server sent it back after a change. */
async function printChanged(context: CommandContext, request: WorkRequest): Promise<void> {
  if (context.format === 'json') await context.print({ json: request })
}

/** `work-request manage`. */
export const manage: HandlerOf<typeof workRequestCommands.manage> = async (
  context,
  { id, setPriorityAdjustment: adjustment },
) => {
  if (adjustment === undefined) {
    throw new CliError('no changes specified', { hint: 'Give --set-priority-adjustment N.' })
  }
  const client = await context.client()
  const request = await client.workRequests.updatePriority(id, adjustment, { signal: context.signal })
  await printChanged(context, request)
}

/** `work-request retry` or `abort`: that action on the work request. */
function action(name: 'retry' | 'abort') {
  return async (context: CommandContext, { id }: { readonly id: number }): Promise<void> => {
    const client = await context.client()
    await printChanged(context, await client.workRequests[name](id, { signal: context.signal }))
  }
}

/** `work-request retry`. */
export const retry = action('retry')

/** `work-request abort`. */
export const abort = action('abort')

/** `work-request unblock`: the manual review of a blocked work request. */
export const unblock: HandlerOf<typeof workRequestCommands.unblock> = async (context, values) => {
  if (values.accept && values.reject) {
    throw new UsageError('argument --reject: not allowed with argument --accept', context.path)
  }
  if (!values.accept && !values.reject && values.notes === undefined) {
    throw new UsageError('one of the arguments --accept --reject --notes is required', context.path)
  }
  const action = values.accept ? 'accept' : values.reject ? 'reject' : undefined
  const client = await context.client()
  const { id, notes } = values
  const request = await client.workRequests.unblock(id, { action, notes }, { signal: context.signal })
  await printWorkRequest(context, client, request)
}

/** `work-request confirm`: the answer to a Wait/confirm task. */
export const confirm: HandlerOf<typeof workRequestCommands.confirm> = async (context, values) => {
  const client = await context.client()
  const answer = { confirm: !values.deny, comment: values.comment }
  const request = await client.workRequests.confirm(values.id, answer, { signal: context.signal })
  await printWorkRequest(context, client, request)
}

/** `work-request watch`: follow until completion; the exit code comes from the result. */
export const watch: HandlerOf<typeof workRequestCommands.watch> = async (context, { id, timeout }) => {
  const client = await context.client()
  const request = await client.workRequests.get(id, { signal: context.signal })
  return follow(context, request, timeout)
}

/** `work-request on-completed`: run a command for each completion, until interrupted. */
export const onCompleted: HandlerOf<typeof workRequestCommands.onCompleted> = async (context, values) => {
  const { command, commandArguments: args, workspace: workspaces, lastCompletedAt: state } = values
  const stateFile = state === undefined ? undefined : resolve(context.io.cwd, state)
  if (stateFile !== undefined) await checkStateFile(stateFile)
  const client = await context.client()
  const { onWorkRequestCompleted } = await import('@debusine-ts/events')
  // A command that is not executable, or an unusable state file, are the library's
  // errors: the error printer maps them to exit code 3, as the Python client.
  await onWorkRequestCompleted(client, {
    command,
    args,
    workspaces,
    lastCompletedAt: stateFile,
    workingDirectory: context.io.cwd,
    signal: context.signal,
    onConnect: () => context.feedback('Connected; waiting for completed work requests.'),
    onCommandFinished: (info) => {
      if (info.error !== undefined) context.warn(`${command} did not start: ${info.error.message}`)
    },
  }).catch((error: unknown) => {
    if (!isSdkError(error, 'CommandNotFoundError')) throw error
    throw new CliError(`"${command}" does not exist or is not executable`, {
      cause: error,
      hint: 'Give the path of an executable file, or the name of a command on PATH.',
    })
  })
  return exitCodes.success
}

/** The state file's checks of the Python client, before anything is started. */
async function checkStateFile(file: string): Promise<void> {
  const directory = dirname(file)
  const hint = 'Choose a state file in a directory you can write to, with --last-completed-at.'
  if (!(await accessible(directory, constants.W_OK))) {
    throw new CliError(`write access denied for directory "${directory}"`, { hint })
  }
  if (
    (await accessible(file, constants.F_OK)) &&
    !(await accessible(file, constants.R_OK | constants.W_OK))
  ) {
    throw new CliError(`write or read access denied for "${file}"`, { hint })
  }
}

function accessible(path: string, mode: number): Promise<boolean> {
  return access(path, mode).then(
    () => true,
    () => false,
  )
}
