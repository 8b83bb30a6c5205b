import type { CompletionEvent, CompletionEvents, CompletionSubscription } from '@debusine-ts/events'
import type { Logger } from '@debusine-ts/transport'
import type { CompletionLedger } from './completion-ledger.js'
import type { DaemonStatus } from './daemon-status.js'
import { formatMicroseconds, toMicroseconds } from '@debusine-ts/events'
import type { JobPool } from './job-pool.js'

/** What a {@link CompletionFeed} needs. */
export interface FeedSettings {
  workspaces: readonly string[]
  ledger: CompletionLedger
  pool: JobPool<CompletionEvent>
  /** The queue's limit: after an overflow, the feed resubscribes once half of it is free. */
  queueLimit: number
  status: DaemonStatus
  logger: Logger
  /** Ends the feed. */
  stop: AbortSignal
  /** Called each time the daemon becomes ready (connected and caught up). */
  onReady: () => void
}

// The replay after a connection is over once no replayed completion came for this long.
const replayQuietMs = 1_000
// A resubscription replays this far back before the last completion seen.
const overlapUs = 5_000_000

type EndReason = 'stopped' | 'overflow' | 'reload'

/**
 * Feeds completions from the channel into the job pool, each once (the ledger says which
 * were taken). Commands run in child processes: the channel's socket, heartbeats and
 * replays go on however long they take.
 *
 * When the queue is full it lets the completion go (the ledger keeps the state file from
 * passing it), closes the subscription, waits until half the queue is free, and
 * subscribes again from just before that completion: the server replays it and what
 * followed, and memory stays bounded. A reload (new token) resubscribes the same way.
 */
export class CompletionFeed {
  readonly #settings: FeedSettings
  #events: CompletionEvents
  #restart = new AbortController()
  #reason: EndReason = 'stopped'
  #dropped: number | undefined
  #connectedAt = 0
  #quietTimer: ReturnType<typeof setTimeout> | undefined

  constructor(settings: FeedSettings, events: CompletionEvents) {
    this.#settings = settings
    this.#events = events
  }

  /** Use another channel (after a reload): the subscription starts again, nothing is lost. */
  replace(events: CompletionEvents): void {
    this.#events = events
    this.#reason = 'reload'
    this.#restart.abort()
  }

  /**
   * Feed completions until `stop` aborts, from `startFrom` (`completed_at_since`).
   *
   * @throws {TokenRejectedError} or another fatal error of the subscription
   */
  async run(startFrom: string | undefined): Promise<void> {
    const { stop, pool, queueLimit, logger } = this.#settings
    let since = startFrom
    while (!stop.aborted) {
      this.#restart = new AbortController()
      this.#reason = 'stopped'
      const createdAt = Date.now() * 1000
      const subscription = this.#subscribe(since)
      const reason = await this.#pump(subscription)
      this.#disconnected()
      if (stop.aborted) return
      // From where this subscription was, never before where it started.
      const seen = subscription.lastCompletedAt
      const lower = since === undefined ? createdAt : toMicroseconds(since)
      let from = seen === undefined ? lower : Math.max(lower, toMicroseconds(seen) - overlapUs)
      if (reason === 'overflow') {
        await pool.whenRoom(Math.floor(queueLimit / 2))
        if (stop.aborted) return
        logger.info('The queue has room again: resubscribing, the server replays what was let go')
      }
      if (this.#dropped !== undefined) from = Math.min(from, this.#dropped - 1)
      this.#dropped = undefined
      since = formatMicroseconds(from)
    }
  }

  #subscribe(since: string | undefined): CompletionSubscription {
    const { status, logger } = this.#settings
    return this.#events.subscribe({
      signal: AbortSignal.any([this.#settings.stop, this.#restart.signal]),
      workspaces: this.#settings.workspaces,
      completedAtSince: since,
      onConnect: () => {
        status.connected = true
        this.#connectedAt = Date.now() * 1000
        this.#quiet()
      },
      onDisconnect: () => this.#disconnected(),
      onReconnect: ({ attempt }) => logger.debug('Reconnecting', { attempt }),
    })
  }

  async #pump(subscription: CompletionSubscription): Promise<EndReason> {
    const { ledger, pool, status, logger } = this.#settings
    for await (const event of subscription) {
      status.lastEventAt = new Date().toISOString()
      const instant = toMicroseconds(event.completed_at)
      if (instant < this.#connectedAt) this.#quiet()
      if (ledger.has(event)) {
        logger.debug('Skipping a completion already taken', { workRequestId: event.work_request_id })
        continue
      }
      if (pool.queued >= this.#settings.queueLimit) {
        ledger.defer(event)
        this.#dropped = Math.min(this.#dropped ?? instant, instant)
        logger.warn('The queue is full: letting completions go until it has room (the server replays them)', {
          workRequestId: event.work_request_id,
          queueLimit: this.#settings.queueLimit,
        })
        status.caughtUp = false
        subscription.close()
        return 'overflow'
      }
      await ledger.take(event)
      pool.offer(event)
    }
    return this.#reason
  }

  /** (Re)start the wait for the replay to go quiet; then the daemon is caught up. */
  #quiet(): void {
    clearTimeout(this.#quietTimer)
    this.#settings.status.caughtUp = false
    this.#quietTimer = setTimeout(() => {
      const { status } = this.#settings
      if (!status.connected || this.#dropped !== undefined) return
      status.caughtUp = true
      this.#settings.logger.info('Ready: connected and caught up', { queueLength: status.queued() })
      this.#settings.onReady()
    }, replayQuietMs)
  }

  #disconnected(): void {
    clearTimeout(this.#quietTimer)
    this.#settings.status.connected = false
    this.#settings.status.caughtUp = false
  }
}
