import type { WorkRequest } from '@debusine-ts/models'
import type { FailOn } from './inputs.js'
import { shownResult, shownStatus } from './server-values.js'

/** The exit statuses of the action (README "Exit statuses"). */
export const exitStatuses = {
  /** Done; the result does not fail the step under `fail-on` (or nothing was waited for). */
  success: 0,
  /** The work request finished with a result that `fail-on` fails. */
  failed: 1,
  /** An input is missing or wrong: nothing was started. */
  input: 2,
  /** `timeout` expired first: the work request goes on on the server. */
  timeout: 3,
  /** The server refused a call or could not be reached (after the client's retries). */
  error: 4,
} as const

/**
 * Whether a finished work request fails the step: `any-not-success` fails all but
 * `success`; `failure` fails `failure`, `error` and an abort; `error` only `error` and an
 * abort; `build` as `any-not-success`, except a workflow whose failed leaves (`classes`,
 * at least one) are all `qa`.
 */
export function failsStep(request: WorkRequest, failOn: FailOn, classes: readonly string[] = []): boolean {
  if (failOn === 'build') {
    const qaOnly = classes.length > 0 && classes.every((failureClass) => failureClass === 'qa')
    return failsStep(request, 'any-not-success') && !qaOnly
  }
  if (request.status === 'aborted') return true
  const result = request.result as string
  if (failOn === 'any-not-success') return result !== 'success'
  if (failOn === 'failure') return result === 'failure' || result === 'error'
  return result === 'error'
}

/**
 * How a work request reads in one phrase: `completed, success`, `aborted`, `running`; a
 * status or result the action does not know reads `unknown`.
 */
export function stateText(request: WorkRequest): string {
  const result = shownResult(request)
  return result === '' ? shownStatus(request) : `${shownStatus(request)}, ${result}`
}
