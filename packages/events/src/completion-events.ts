import { WorkRequestSchema, WorkRequestStatus, type WorkRequest } from '@debusine-ts/models'
import type { DebusineClient } from '@debusine-ts/client'
import {
  AbortError,
  path,
  silentLogger,
  type Logger,
  type RequestOptions,
  type Transport,
} from '@debusine-ts/transport'
import { defaultReconnectDelays, type ReconnectDelays } from './backoff.js'
import {
  CompletionSubscription,
  type ChannelSettings,
  type SubscribeOptions,
} from './completion-subscription.js'

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
  /** The waits between reconnection attempts (doubling, with jitter). */
  reconnectDelays?: Partial<ReconnectDelays> | undefined
  /**
   * How far before the last completion seen a reconnection asks the server to replay, in
   * milliseconds; default 5 000. Completions are not always announced in `completed_at`
   * order; what the overlap replays again is recognised and dropped.
   */
  replayOverlapMs?: number | undefined
}

/** Options of {@link CompletionEvents.waitForCompletion}. */
export interface WaitForCompletionOptions extends RequestOptions {
  /** The work request's workspace, if known: the channel then carries only its completions. */
  workspace?: string | undefined
  /**
   * How often to read the work request while waiting, in milliseconds; default 60 000. Aborts
   * and `skipped` completions are not announced on the channel: the poll sees them.
   */
  pollIntervalMs?: number | undefined
}

const finished: readonly string[] = [WorkRequestStatus.COMPLETED, WorkRequestStatus.ABORTED]

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

  /**
   * @param source the client (or transport) whose API URL and token the channel uses
   */
  constructor(source: DebusineClient | Transport, options: CompletionEventsOptions = {}) {
    const transport = 'transport' in source ? source.transport : source
    this.#settings = {
      transport,
      logger: options.logger ?? silentLogger,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 30_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 10_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      reconnectDelays: { ...defaultReconnectDelays, ...options.reconnectDelays },
      replayOverlapMs: options.replayOverlapMs ?? 5_000,
    }
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
   * Wait until a work request is completed or aborted, and return it. Subscribes first,
   * then reads the work request, so a completion between the two cannot be missed.
   *
   * @throws {NotFoundError} when there is no such work request (or the token may not see it)
   * @throws {TokenRejectedError} when the channel refuses the token
   * @throws {AbortError} when `signal` aborted
   * @example
   * const request = await events.waitForCompletion(42, { signal: AbortSignal.timeout(600_000) })
   * console.log(request.status, request.result)
   */
  async waitForCompletion(
    workRequestId: number,
    options: WaitForCompletionOptions = {},
  ): Promise<WorkRequest> {
    const { workspace, pollIntervalMs = 60_000, ...requestOptions } = options
    const { transport } = this.#settings
    const stop = new AbortController()
    const onAbort = (): void => stop.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (options.signal?.aborted) onAbort()
    const subscription = this.subscribe({
      signal: stop.signal,
      workspaces: workspace === undefined ? undefined : [workspace],
    })
    const read = (): Promise<WorkRequest> =>
      transport.request('GET', path`/work-request/${workRequestId}/`, {
        ...requestOptions,
        signal: stop.signal,
        schema: WorkRequestSchema,
        model: 'WorkRequest',
      })
    try {
      await subscription.ready
      const current = await read()
      if (finished.includes(current.status)) return current
      const announced = (async (): Promise<WorkRequest> => {
        for await (const event of subscription) {
          if (event.work_request_id === workRequestId) return read()
        }
        throw this.#aborted(workRequestId, options.signal)
      })()
      const polled = (async (): Promise<WorkRequest> => {
        for (;;) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, pollIntervalMs)
            function done(): void {
              clearTimeout(timer)
              stop.signal.removeEventListener('abort', done)
              resolve()
            }
            stop.signal.addEventListener('abort', done, { once: true })
          })
          if (stop.signal.aborted) throw this.#aborted(workRequestId, options.signal)
          const request = await read()
          if (finished.includes(request.status)) return request
        }
      })()
      announced.catch(() => {})
      polled.catch(() => {})
      return await Promise.race([announced, polled])
    } catch (error) {
      if (options.signal?.aborted) throw this.#aborted(workRequestId, options.signal)
      throw error
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
      stop.abort()
      subscription.close()
    }
  }

  #aborted(workRequestId: number, signal: AbortSignal | undefined): AbortError {
    return new AbortError({
      method: 'GET',
      url: this.#settings.transport.url(path`/work-request/${workRequestId}/`),
      cause: signal?.reason,
    })
  }
}
