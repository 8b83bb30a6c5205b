import type { DebusineClient } from '@debusine-ts/client'
import { compareDebusineVersions, type WorkRequest } from '@debusine-ts/models'
import { printRegistered, printWorkRequest, statusText, webPage } from './render.js'
import {
  CliError,
  type CommandContext,
  exitCodes,
  isSdkError,
  workRequestExitCode,
} from '@debusine-ts/cli-kit'

/**
 * Follow a work request until it is completed or aborted, at most `seconds`: the
 * channel's `waitForCompletion` (`@debusine-ts/events`), which learns of the completion at
 * once; then print it and return the exit code of its result.
 */
export async function follow(
  context: CommandContext,
  request: WorkRequest,
  seconds: number | undefined,
): Promise<number> {
  const client = await context.client()
  context.feedback(
    `Waiting for work request ${request.id} (${statusText(request)}): ${webPage(client, request.url)}`,
  )
  let final: WorkRequest
  try {
    const { CompletionEvents } = await import('@debusine-ts/events')
    final = await new CompletionEvents(client).waitForCompletion(request.id, {
      workspace: request.workspace,
      // A safety net under the websocket: a completion it missed shows within seconds.
      pollInterval: 5_000,
      maxWait: seconds === undefined ? undefined : seconds * 1000,
      signal: context.signal,
    })
  } catch (error) {
    if (isSdkError(error, 'WorkRequestWaitTimeoutError')) {
      throw new CliError(`Work request ${request.id} did not complete within ${seconds} seconds.`, {
        hint: `It goes on on the server: 'debusine-ts work-request watch ${request.id}' follows it again.`,
        exitCode: exitCodes.timeout,
      })
    }
    if (isSdkError(error, 'AbortError') && context.signal.aborted) {
      context.feedback(`Interrupted; work request ${request.id} goes on on the server.`)
      return exitCodes.interrupted
    }
    throw error
  }
  context.feedback(`Work request ${final.id} ${statusText(final)}`)
  await printWorkRequest(context, client, final)
  return workRequestExitCode(final)
}

/**
 * Whether the server is Debusine 0.11.x or older, whose Python CLI printed a legacy name's
 * creation as `result`/`message`/`*_id`; the Python CLI of newer servers prints the work
 * request for the same names, as for the new ones. A server that does not tell its version is
 * taken as current.
 */
async function speaksDebusine011(client: DebusineClient, signal: AbortSignal): Promise<boolean> {
  const version = await client.transport.capabilities.version(signal)
  return version !== undefined && compareDebusineVersions(version, '0.12.0') < 0
}

/**
 * Print a work request as `create` and `workflow start` do, or follow it with `--wait`. A
 * legacy name (`create-work-request`, `create-workflow`) prints what the Python CLI of the
 * server's generation prints: 0.11.3's registration lines against 0.11.x, the work request
 * against newer servers.
 */
export async function printStarted(
  context: CommandContext,
  request: WorkRequest,
  what: string,
  { wait, timeout }: { wait: boolean; timeout: number | undefined },
): Promise<number | undefined> {
  const client = await context.client()
  context.feedback(`${what} started: ${webPage(client, request.url)}`)
  if (wait) return follow(context, request, timeout)
  if (context.legacy && (await speaksDebusine011(client, context.signal))) {
    const workflow = request.task_type === 'Workflow'
    const done = workflow ? 'Workflow created' : 'Work request registered'
    await printRegistered(context, done, workflow ? 'workflow_id' : 'work_request_id', request.id)
    return undefined
  }
  await printWorkRequest(context, client, request)
}
