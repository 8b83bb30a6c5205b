import { SdkError } from '@debusine-ts/models'

/**
 * `retryFailed` found no failed or aborted leaf in the workflow: nothing was retried.
 *
 * @example
 * try { await retryFailed(client, 42) } catch (error) {
 *   if (NothingToRetryError.isInstance(error)) console.log(error.workflowId)
 * }
 */
export class NothingToRetryError extends SdkError {
  static override readonly errorName: string = 'NothingToRetryError'

  /** The workflow. */
  readonly workflowId: number

  constructor(workflowId: number) {
    super(
      `Workflow ${workflowId} has no failed or aborted leaf to retry: nothing was retried.`,
      'nothing_to_retry',
    )
    this.workflowId = workflowId
  }
}
