/**
 * A daemon hook: `debusine-ts-daemon … ./hook` (or `onWorkRequestCompleted`) runs its
 * command once per completion with two last arguments, the work request's id and its
 * result. This one reads the work request and returns the line a team's chat would get,
 * for a failure only.
 */
import type { DebusineClient } from '@debusine-ts/client'

/** The command line does not end with what the daemon passes; the message says what it got. */
export class HookArgumentsError extends Error {
  override readonly name = 'HookArgumentsError'
}

/** The two arguments a completion command gets last: the work request's id and result. */
export interface CompletionArguments {
  workRequestId: number
  result: string
}

/** Read the id and result the daemon passes last on the command line. */
export function parseCompletionArguments(argv: readonly string[]): CompletionArguments {
  const [id, result] = argv.slice(-2)
  const workRequestId = Number(id)
  if (!Number.isInteger(workRequestId) || workRequestId < 1 || result === undefined) {
    throw new HookArgumentsError(
      `argv: must end with a work request id (an integer ≥ 1) and a result, got ${JSON.stringify(argv)}`,
    )
  }
  return { workRequestId, result }
}

/** The message to send about this completion, or `undefined` when nobody needs to know. */
export async function failureMessage(
  client: DebusineClient,
  argv: readonly string[],
  signal?: AbortSignal,
): Promise<string | undefined> {
  const { workRequestId, result } = parseCompletionArguments(argv)
  // The daemon passes the result it was told; a success needs no read and no message.
  if (result === 'success') return undefined
  const request = await client.workRequests.get(workRequestId, { signal })
  return `Work request ${request.id} (${request.task_name}) ended: ${request.result}; ${client.webPageUrl('work-request', request)}`
}
