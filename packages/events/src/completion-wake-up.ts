import { backoffDelay, pause, type BackoffDelays } from '@debusine-ts/transport'
import type { CompletionSubscription } from './completion-subscription.js'

/**
 * The `wakeUp` of the channel's wait for work request `workRequestId`: resolves when the
 * channel announces its completion. Once announced, the completion is confirmed by reading
 * the work request until it is completed: some servers send the completion before the state
 * is committed (a read at once still says running), so after the announcement each wake-up
 * comes after a short backoff (`confirmDelays`) instead of waiting for another announcement.
 *
 * @internal Used by `CompletionEvents.waitForCompletion`.
 */
export function completionWakeUp(
  subscription: CompletionSubscription,
  workRequestId: number,
  confirmDelays: BackoffDelays,
  signal: AbortSignal,
): () => Promise<void> {
  let pending: Promise<void> | undefined
  let confirmations = 0
  let announced = false
  const untilAnnounced = async (): Promise<void> => {
    for (;;) {
      const next = await subscription.next()
      // The subscription ends only when the wait is over: the wait's own abort handling answers.
      if (next.done === true) return new Promise<void>(() => {})
      if (next.value.work_request_id === workRequestId) {
        announced = true
        return
      }
    }
  }
  const confirmLater = (): Promise<void> => {
    confirmations += 1
    return pause(backoffDelay(confirmations, confirmDelays), signal)
  }
  return () =>
    (pending ??= (announced ? confirmLater() : untilAnnounced()).then(() => {
      pending = undefined
    }))
}
