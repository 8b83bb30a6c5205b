import type { WorkflowFailure } from '@debusine-ts/client'
import { exitCodes, type ExitCode, workRequestExitCode } from '@debusine-ts/cli-kit'
import type { WorkRequest } from '@debusine-ts/models'

/** What `--fail-on` counts as a failure: every one, or build failures only. */
export type FailOn = 'build' | 'any'

/** How a watched workflow ended: its exit code and the failures shown only as warnings. */
export interface WorkflowOutcome {
  readonly exitCode: ExitCode
  /** The qa failures `--fail-on build` forgave (empty otherwise). */
  readonly warnings: readonly WorkflowFailure[]
}

/**
 * The outcome of an ended workflow: its result's exit code, except that with `build` a
 * workflow that failed only at qa leaves (at least one, no build one) exits 0 with them as
 * warnings. An abort with no failed leaf stays an abort.
 */
export function workflowOutcome(
  root: Pick<WorkRequest, 'status' | 'result'>,
  failures: readonly WorkflowFailure[],
  failOn: FailOn,
): WorkflowOutcome {
  const exitCode = workRequestExitCode(root)
  const qaOnly = failures.length > 0 && failures.every((failure) => failure.failureClass === 'qa')
  if (exitCode !== exitCodes.success && failOn === 'build' && qaOnly) {
    return { exitCode: exitCodes.success, warnings: failures }
  }
  return { exitCode, warnings: [] }
}

/** Whether a work request has ended (completed or aborted). */
export function hasEnded(request: Pick<WorkRequest, 'status'>): boolean {
  return request.status === 'completed' || request.status === 'aborted'
}
