import { SdkError, type WorkRequest } from '@debusine-ts/models'

/**
 * `WorkRequests.waitForCompletion` gave up: the work request was still not completed or
 * aborted when the wait's `maxWait` expired. The work request itself goes on; wait again,
 * or abort it. Not retryable as such (waiting longer is the caller's choice).
 *
 * @example
 * try { await client.workRequests.waitForCompletion(42, { maxWait: 60_000 }) } catch (error) {
 *   if (WorkRequestWaitTimeoutError.isInstance(error)) console.log(error.workRequest.status)
 * }
 */
export class WorkRequestWaitTimeoutError extends SdkError {
  static override readonly errorName: string = 'WorkRequestWaitTimeoutError'

  /** The work request as last read, still unfinished. */
  readonly workRequest: WorkRequest
  /** The `maxWait` that expired, in milliseconds. */
  readonly timeoutMs: number

  constructor(workRequest: WorkRequest, timeoutMs: number) {
    super(
      `Work request ${workRequest.id} was still ${workRequest.status} after waiting ${timeoutMs} ms. ` +
        'It keeps going on the server: wait again with a longer maxWait, or abort it.',
      'wait_timeout',
    )
    this.workRequest = workRequest
    this.timeoutMs = timeoutMs
  }
}
