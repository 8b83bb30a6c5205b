import { OnWorkRequestCompletedSchema, type OnWorkRequestCompleted } from '@debusine-ts/models'
import {
  AbortError,
  backoffDelay,
  pause,
  type BackoffDelays,
  type Logger,
  type Transport,
} from '@debusine-ts/transport'
import { connectOnce, type ConnectionOutcome } from './channel-connection.js'
import type { ChannelSocket } from './channel-socket.js'
import { completionChannelUrl } from './channel-url.js'
import type { ChannelMessage } from './dispatch.js'
import { formatMicroseconds, toMicroseconds } from './instant.js'

/** A completion of a work request, as the channel announces it. */
export type CompletionEvent = OnWorkRequestCompleted

/** Passed to {@link SubscribeOptions.onConnect}. */
export interface ConnectInfo {
  /** The channel's address (it holds no secret). */
  url: string
  /** Whether an earlier connection of this subscription was lost. */
  reconnected: boolean
  /** The `completed_at_since` sent, if any: the server replays the completions since then. */
  replayFrom: string | undefined
}

/** Passed to {@link SubscribeOptions.onDisconnect}. */
export interface DisconnectInfo {
  /** Whether the server had accepted the connection (said `connected`) before it ended. */
  wasConnected: boolean
  /** The websocket close code, if the connection was closed rather than cut. */
  code: number | undefined
  /** The close reason, or a description of the failure. */
  reason: string
  /** What went wrong on our side (timeout, refused connection, missed heartbeat), if known. */
  error: Error | undefined
  /** When the next attempt starts. */
  reconnectInMs: number
}

/** Passed to {@link SubscribeOptions.onReconnect}. */
export interface ReconnectInfo {
  /** 1 for the first attempt after a connection was lost, then 2, 3… until one succeeds. */
  attempt: number
  /** The `completed_at_since` of this attempt: the replay that closes the gap. */
  replayFrom: string | undefined
}

/** Options of {@link CompletionEvents.subscribe}. */
export interface SubscribeOptions {
  /** Ends the subscription: the iteration finishes (events not yet read are dropped). */
  signal?: AbortSignal | undefined
  /** Only completions in these workspaces (names); all workspaces when unset or empty. */
  workspaces?: readonly string[] | undefined
  /**
   * Also deliver the completions since this instant (ISO 8601 with an offset), replayed by
   * the server first. When it equals the `completed_at` of exactly one work request, that one
   * is left out (it was handled already); when several share it, they are all sent again.
   */
  completedAtSince?: string | null | undefined
  /** Called each time the server accepts a connection (the subscription is then live). */
  onConnect?: ((info: ConnectInfo) => void) | undefined
  /** Called when a connection or an attempt ends unexpectedly, before the wait. */
  onDisconnect?: ((info: DisconnectInfo) => void) | undefined
  /** Called when a reconnection attempt starts. */
  onReconnect?: ((info: ReconnectInfo) => void) | undefined
}

/** The settings a subscription gets from its {@link CompletionEvents}. */
export interface ChannelSettings {
  transport: Transport
  logger: Logger
  heartbeatIntervalMs: number
  heartbeatTimeoutMs: number
  connectTimeoutMs: number
  maxMessageBytes: number
  reconnectDelays: BackoffDelays
  replayOverlapMs: number
}

const normalClosure = 1000

/**
 * A live subscription to work request completions: an async iterable that keeps one
 * websocket open, reconnects with backoff and jitter when it drops, detects a dead
 * connection with pings, and after each reconnection asks the server to replay the
 * completions since the last one seen, delivering each completion once.
 *
 * It connects as soon as it is created; {@link CompletionSubscription.ready} says when the
 * server has accepted it. Close it (or abort its signal, or leave the `for await` loop).
 *
 * @example
 * await using subscription = events.subscribe({ workspaces: ['developers'], signal })
 * for await (const event of subscription) console.log(event.work_request_id, event.result)
 */
export class CompletionSubscription implements AsyncIterableIterator<CompletionEvent>, AsyncDisposable {
  /**
   * Resolves once the server has accepted the first connection: completions from then on
   * are delivered. Rejects with the error that ended the subscription before that
   * ({@link TokenRejectedError}, {@link ChannelRejectedError}, `AbortError`…).
   */
  readonly ready: Promise<void>

  readonly #settings: ChannelSettings
  readonly #options: SubscribeOptions
  #startedAt: number
  readonly #initialSince: string | undefined
  readonly #stopController = new AbortController()
  readonly #queue: CompletionEvent[] = []
  readonly #waiters: (() => void)[] = []
  readonly #seen = new Map<string, number>()
  #lastSeen: number | undefined
  #error: Error | undefined
  #connections = 0
  #socket: ChannelSocket | undefined
  #resolveReady: () => void = () => {}
  #rejectReady: (error: Error) => void = () => {}
  readonly #onAbort = (): void => this.close()

  /** @internal Created by {@link CompletionEvents.subscribe}. */
  constructor(settings: ChannelSettings, options: SubscribeOptions = {}) {
    this.#settings = settings
    this.#options = options
    const since = options.completedAtSince ?? undefined
    // Bad input fails here, before anything is sent.
    completionChannelUrl(settings.transport, { workspaces: options.workspaces, completedAtSince: since })
    if (since !== undefined) toMicroseconds(since)
    this.#initialSince = since
    this.#startedAt = Date.now() * 1000
    this.ready = new Promise<void>((resolve, reject) => {
      this.#resolveReady = resolve
      this.#rejectReady = reject
    })
    this.ready.catch(() => {})
    if (options.signal?.aborted) {
      this.close()
      return
    }
    options.signal?.addEventListener('abort', this.#onAbort, { once: true })
    void this.#run()
  }

  /** The `completed_at` of the latest completion received, in the Python client's format. */
  get lastCompletedAt(): string | undefined {
    return this.#lastSeen === undefined ? undefined : formatMicroseconds(this.#lastSeen)
  }

  /** The next completion; done once the subscription is closed. */
  async next(): Promise<IteratorResult<CompletionEvent, undefined>> {
    for (;;) {
      const event = this.#queue.shift()
      if (event !== undefined) return { value: event, done: false }
      if (this.#error !== undefined) throw this.#error
      if (this.#stopController.signal.aborted) return { value: undefined, done: true }
      await new Promise<void>((resolve) => this.#waiters.push(resolve))
    }
  }

  /** Close the subscription (what leaving a `for await` loop does). */
  return(): Promise<IteratorResult<CompletionEvent, undefined>> {
    this.close()
    return Promise.resolve({ value: undefined, done: true })
  }

  /** The subscription is its own iterator: `for await (const event of subscription)`. */
  [Symbol.asyncIterator](): this {
    return this
  }

  /** Close the subscription, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    this.close()
    return Promise.resolve()
  }

  /** Close the websocket and end the iteration; pending events are dropped. Idempotent. */
  close(): void {
    if (this.#stopController.signal.aborted) return
    this.#stopController.abort()
    this.#options.signal?.removeEventListener('abort', this.#onAbort)
    this.#queue.length = 0
    this.#rejectReady(
      new AbortError({
        method: 'GET',
        url: completionChannelUrl(this.#settings.transport, { workspaces: this.#options.workspaces }),
        cause: this.#options.signal?.reason,
      }),
    )
    const socket = this.#socket
    if (socket !== undefined) {
      socket.close(normalClosure)
      // A server that does not answer the close frame must not keep us waiting.
      setTimeout(() => socket.terminate(), 1000).unref?.()
    }
    this.#wake()
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter()
  }

  #fail(error: Error): void {
    this.#error ??= error
    this.#rejectReady(error)
    this.close()
  }

  #hook<Info>(name: string, hook: ((info: Info) => void) | undefined, info: Info): void {
    if (hook === undefined) return
    try {
      hook(info)
    } catch (error) {
      this.#settings.logger.error(`The ${name} hook threw; ignoring it`, { error: String(error) })
    }
  }

  /**
   * The `completed_at_since` of a reconnection: a little (`replayOverlapMs`) before the last
   * completion seen, but never before the start of the subscription: the caller's
   * `completedAtSince`, else the moment the server first accepted it (our clock, or the
   * server's `Date` header when the two disagree by more than two seconds).
   */
  #replayFrom(): string {
    const initial = this.#initialSince
    const lowerBound = initial === undefined ? this.#startedAt : toMicroseconds(initial)
    const from =
      this.#lastSeen === undefined ? lowerBound : this.#lastSeen - this.#settings.replayOverlapMs * 1000
    if (from <= lowerBound) return initial ?? formatMicroseconds(lowerBound)
    return formatMicroseconds(from)
  }

  /** Note when the server first accepted the subscription, the lower bound of later replays. */
  #markStart(serverDate: string | undefined): void {
    const local = Date.now()
    const server = serverDate === undefined ? Number.NaN : Date.parse(serverDate)
    const start = Number.isNaN(server) || Math.abs(server - local) <= 2_000 ? local : server
    this.#startedAt = start * 1000
  }

  async #run(): Promise<void> {
    const { logger } = this.#settings
    const stop = this.#stopController.signal
    let attempt = 0
    while (!stop.aborted) {
      const replayFrom = attempt === 0 ? this.#initialSince : this.#replayFrom()
      if (attempt > 0) this.#hook('onReconnect', this.#options.onReconnect, { attempt, replayFrom })
      const url = completionChannelUrl(this.#settings.transport, {
        workspaces: this.#options.workspaces,
        completedAtSince: replayFrom,
      })
      let outcome: ConnectionOutcome
      try {
        outcome = await this.#connect(url, replayFrom)
      } catch (error) {
        this.#fail(error as Error)
        return
      }
      if (stop.aborted) return
      attempt = outcome.connected ? 1 : attempt + 1
      const reconnectInMs = backoffDelay(attempt, this.#settings.reconnectDelays)
      logger.warn('The completion channel was disconnected; reconnecting', {
        code: outcome.code,
        reason: outcome.reason,
        error: outcome.error?.message,
        reconnectInMs,
      })
      this.#hook('onDisconnect', this.#options.onDisconnect, {
        wasConnected: outcome.connected,
        code: outcome.code,
        reason: outcome.reason,
        error: outcome.error,
        reconnectInMs,
      })
      await pause(reconnectInMs, stop)
    }
  }

  #connect(url: string, replayFrom: string | undefined): Promise<ConnectionOutcome> {
    const settings = this.#settings
    return connectOnce({
      ...settings,
      url,
      onSocket: (socket) => {
        this.#socket = socket
      },
      onConnected: (serverDate) => {
        const reconnected = this.#connections > 0
        if (!reconnected && this.#initialSince === undefined) this.#markStart(serverDate)
        this.#connections += 1
        settings.logger.info(
          reconnected ? 'Reconnected to the completion channel' : 'Connected to the completion channel',
          { url, replayFrom },
        )
        this.#resolveReady()
        this.#hook('onConnect', this.#options.onConnect, { url, reconnected, replayFrom })
      },
      onCompleted: (message) => this.#receive(message),
    })
  }

  #receive(message: ChannelMessage): void {
    const { logger } = this.#settings
    const parsed = OnWorkRequestCompletedSchema.safeParse(message)
    if (!parsed.success) {
      logger.warn('Ignoring an invalid work_request_completed message', {
        issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      })
      return
    }
    const event = parsed.data
    const instant = toMicroseconds(event.completed_at)
    const key = `${event.work_request_id}@${instant}`
    if (this.#seen.has(key)) {
      logger.debug('Skipping a completion already delivered', { workRequestId: event.work_request_id })
      return
    }
    this.#seen.set(key, instant)
    if (this.#lastSeen === undefined || instant > this.#lastSeen) this.#lastSeen = instant
    this.#forgetOld()
    if (this.#stopController.signal.aborted) return
    this.#queue.push(event)
    this.#wake()
  }

  /** Keep only what a replay may send again: completions near or after the replay boundary. */
  #forgetOld(): void {
    if (this.#seen.size < 256 || this.#lastSeen === undefined) return
    // A minute more than the overlap, for completions announced out of order.
    const cutoff = this.#lastSeen - (this.#settings.replayOverlapMs + 60_000) * 1000
    for (const [key, instant] of this.#seen) if (instant < cutoff) this.#seen.delete(key)
  }
}
