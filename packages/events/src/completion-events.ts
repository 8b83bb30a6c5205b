import type { WorkRequest } from '@debusine-ts/models'
import { DebusineClientCore, type WaitForCompletionOptions } from '@debusine-ts/client'
import { silentLogger, type BackoffDelays, type Logger, type Transport } from '@debusine-ts/transport'
import {
  CompletionSubscription,
  type ChannelSettings,
  type SubscribeOptions,
} from './completion-subscription.js'
import { completionWakeUp } from './completion-wake-up.js'
import { DEFAULT_MAX_MESSAGE_BYTES } from './channel-message-too-large-error.js'

/** Settings of {@link CompletionEvents}. */
export interface CompletionEventsOptions {
  /** Where to report connections, reconnections and odd messages; default silent. */
  logger?: Logger | undefined
  /** How often to ping the server, in milliseconds; default 30 000. */
  heartbeatIntervalMs?: number | undefined
  /** How long to wait for the answer to a ping before dropping the connection; default 10 000. */
  heartbeatTimeoutMs?: number | undefined
  /** How long the handshake and the server's `connected` message may take; default 30 000. */
  connectTimeoutMs?: number | undefined
  /**
   * The largest channel message accepted, in bytes; default {@link DEFAULT_MAX_MESSAGE_BYTES}
   * (1 MiB). A larger one closes the connection (`ChannelMessageTooLargeError`, told to the
   * logger and `onDisconnect`) and the subscription reconnects; its completion is not delivered.
   */
  maxMessageBytes?: number | undefined
  /** The waits between reconnection attempts (doubling from 500 ms up to 30 s, with jitter). */
  reconnectDelays?: Partial<BackoffDelays> | undefined
  /**
   * How far before the last completion seen a reconnection asks the server to replay, in
   * milliseconds; default 5 000. Completions are not always announced in `completed_at`
   * order; what the overlap replays again is recognised and dropped.
   */
  replayOverlapMs?: number | undefined
  /**
   * The waits between the reads that confirm an announced completion in `waitForCompletion`
   * (doubling from 250 ms up to 5 s, with jitter): some servers announce a completion before
   * its state is committed, so the wait reads the work request until it says completed.
   */
  confirmDelays?: Partial<BackoffDelays> | undefined
}

/** Options of {@link CompletionEvents.waitForCompletion}: those of the client's wait, and a workspace. */
export interface ChannelWaitOptions extends WaitForCompletionOptions {
  /**
   * The safety poll: milliseconds between two reads of the work request while the channel
   * announces nothing; default {@link DEFAULT_SAFETY_POLL_MS} (30 s). Aborts (and `skipped`
   * completions) are never announced: this poll is what sees them, within one period.
   */
  pollInterval?: number | undefined
  /** The work request's workspace, if known: the channel then carries only its completions. */
  workspace?: string | undefined
}

const defaultReconnectDelays: BackoffDelays = { initialMs: 500, maxMs: 30_000 }
const defaultConfirmDelays: BackoffDelays = { initialMs: 250, maxMs: 5_000 }

/**
 * The default period of the safety poll of {@link CompletionEvents.waitForCompletion}, in
 * milliseconds: aborts and `skipped` completions are not announced on the channel, so a slow
 * poll sees them.
 */
export const DEFAULT_SAFETY_POLL_MS = 30_000

/**
 * Work request completions of one Debusine server, over its websocket channel
 * (`{apiUrl}/ws/1.0/work-request/on-completed/`, authenticated with the client's token).
 * Runs in Node.js (the channel needs a `Token` header, which browsers cannot send).
 *
 * @example
 * const events = new CompletionEvents(client, { logger: console })
 * for await (const event of events.subscribe({ workspaces: ['developers'], signal })) {
 *   console.log(event.work_request_id, event.result, event.completed_at)
 * }
 */
export class CompletionEvents {
  readonly #settings: ChannelSettings
  readonly #client: DebusineClientCore
  readonly #confirmDelays: BackoffDelays

  /**
   * @param source the client (or transport) whose API URL and token the channel uses
   */
  constructor(source: DebusineClientCore | Transport, options: CompletionEventsOptions = {}) {
    const transport = 'transport' in source ? source.transport : source
    this.#client = 'transport' in source ? source : new DebusineClientCore({ transport })
    this.#settings = {
      transport,
      logger: options.logger ?? silentLogger,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 30_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 10_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      reconnectDelays: { ...defaultReconnectDelays, ...options.reconnectDelays },
      replayOverlapMs: options.replayOverlapMs ?? 5_000,
    }
    this.#confirmDelays = { ...defaultConfirmDelays, ...options.confirmDelays }
  }

  /**
   * Subscribe to completions. The subscription connects at once and delivers every
   * completion from the moment the server accepts it (`await subscription.ready`), each
   * once, across reconnections; with `completedAtSince` it first delivers the past ones.
   *
   * @throws {ValidationError} when a workspace name or `completedAtSince` is invalid
   * @example
   * const subscription = events.subscribe({ signal, onReconnect: ({ attempt }) => console.log('reconnecting', attempt) })
   * for await (const event of subscription) console.log(event.work_request_id)
   */
  subscribe(options: SubscribeOptions = {}): CompletionSubscription {
    return new CompletionSubscription(this.#settings, options)
  }

  /**
   * Wait until a work request is completed or aborted, and return it in its true final
   * state: the client's `workRequests.waitForCompletion`, woken by the channel as soon as
   * the completion is announced. Subscribes first, then reads the work request, so a
   * completion between the two cannot be missed. An announced completion is confirmed by
   * reading the work request until it says completed (some servers announce it before the
   * state is committed); a safety poll (`pollInterval`, default 30 s) sees what the channel
   * never announces (aborts, `skipped`).
   *
   * @throws {NotFoundError} when there is no such work request (or the token may not see it)
   * @throws {TokenRejectedError} when the channel refuses the token
   * @throws {WorkRequestWaitTimeoutError} when `maxWait` expires first
   * @throws {AbortError} when `signal` aborted
   * @example
   * const request = await events.waitForCompletion(42, { maxWait: 600_000 })
   * console.log(request.status, request.result)
   */
  async waitForCompletion(workRequestId: number, options: ChannelWaitOptions = {}): Promise<WorkRequest> {
    const { workspace, ...waitOptions } = options
    const stop = new AbortController()
    const subscription = this.subscribe({
      signal: options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]),
      workspaces: workspace === undefined ? undefined : [workspace],
    })
    try {
      await subscription.ready
      return await this.#client.workRequests.waitForCompletion(workRequestId, {
        ...waitOptions,
        pollInterval: waitOptions.pollInterval ?? DEFAULT_SAFETY_POLL_MS,
        wakeUp: completionWakeUp(subscription, workRequestId, this.#confirmDelays, stop.signal),
      })
    } finally {
      stop.abort()
      subscription.close()
    }
  }
}
