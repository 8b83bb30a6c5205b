import type { CompletionEvent } from '@debusine-ts/events'
import {
  formatMicroseconds,
  prepareLastCompletedAt,
  toMicroseconds,
  writeLastCompletedAt,
} from '@debusine-ts/events'
import { inFlightFileOf, readInFlight, writeInFlight, type RecordedCompletion } from './in-flight-file.js'

interface Entry {
  completion: RecordedCompletion
  instant: number
}

// How far back finished completions are remembered, beyond what a replay may resend.
const rememberMs = 65_000

const keyOf = (event: { work_request_id: number; completed_at: string }): string =>
  `${event.work_request_id}@${toMicroseconds(event.completed_at)}`

const entryOf = (event: CompletionEvent | RecordedCompletion): Entry => ({
  completion: {
    work_request_id: event.work_request_id,
    completed_at: event.completed_at,
    result: event.result,
  },
  instant: toMicroseconds(event.completed_at),
})

const minimum = (values: Iterable<Entry>): number | undefined => {
  let least: number | undefined
  for (const { instant } of values) if (least === undefined || instant < least) least = instant
  return least
}

/**
 * What the daemon took and what it finished, so that each completion's command runs once.
 *
 * With a state file (`--last-completed-at`, the Python client's format) it also keeps
 * `FILE.in-flight` beside it. The state file holds an instant W such that every completion
 * at or before W that the daemon took has finished; the in-flight file holds the completions
 * taken but not finished (`pending`) and those finished after W (`done`). At start the
 * daemon replays from W, or from just before the oldest pending completion when that is
 * older, and skips what `done` lists: a crash at any moment replays what did not finish and
 * nothing that did. Writes are atomic and flushed; the in-flight file is written first, and
 * never forgets a finished completion the state file on disk does not cover yet.
 */
export class CompletionLedger {
  /** The `completed_at_since` of the first subscription. */
  readonly startFrom: string | undefined
  /** The completions the in-flight file said were pending at the last stop (they run again). */
  readonly leftPending: readonly RecordedCompletion[]
  readonly #stateFile: string | undefined
  readonly #pending = new Map<string, Entry>()
  readonly #done = new Map<string, Entry>()
  // Not taken yet, but must not be passed over: left pending at the last stop, or let go
  // when the queue was full (the server replays them).
  readonly #deferred = new Map<string, Entry>()
  #durable: number | undefined
  #latest: number | undefined
  #writing: Promise<void> = Promise.resolve()
  #nextWrite: Promise<void> | undefined

  private constructor(
    stateFile: string | undefined,
    since: string | undefined,
    left: readonly RecordedCompletion[],
  ) {
    this.#stateFile = stateFile
    this.#durable = since === undefined ? undefined : toMicroseconds(since)
    this.leftPending = left
    const oldestLeft = minimum(left.map(entryOf))
    this.startFrom =
      oldestLeft !== undefined && (this.#durable === undefined || oldestLeft <= this.#durable)
        ? formatMicroseconds(oldestLeft - 1)
        : since
  }

  /**
   * Open the ledger of a state file (none: in memory only). Checks and creates the state
   * file as the Python client does, and reads the in-flight file beside it.
   *
   * @throws {LastCompletedAtFileError} (of the events package) when the state file cannot be used
   * @throws {InFlightFileError} when the in-flight file cannot be read
   */
  static async open(stateFile: string | undefined): Promise<CompletionLedger> {
    if (stateFile === undefined) return new CompletionLedger(undefined, undefined, [])
    const since = await prepareLastCompletedAt(stateFile)
    const record = await readInFlight(inFlightFileOf(stateFile))
    const ledger = new CompletionLedger(stateFile, since, record.pending)
    for (const completion of record.done) ledger.#done.set(keyOf(completion), entryOf(completion))
    for (const completion of record.pending) ledger.#deferred.set(keyOf(completion), entryOf(completion))
    return ledger
  }

  /** Whether the completion was taken already (pending or finished). */
  has(event: CompletionEvent): boolean {
    const key = keyOf(event)
    return this.#pending.has(key) || this.#done.has(key)
  }

  /** How many completions are taken and not finished. */
  get pendingCount(): number {
    return this.#pending.size
  }

  /**
   * Take a completion: its command is going to run. Written down at once only when it is
   * older than what the state file covers (a restart would not replay it otherwise).
   */
  async take(event: CompletionEvent): Promise<void> {
    const entry = entryOf(event)
    this.#deferred.delete(keyOf(event))
    this.#pending.set(keyOf(event), entry)
    if (this.#latest === undefined || entry.instant > this.#latest) this.#latest = entry.instant
    if (this.#durable !== undefined && entry.instant <= this.#durable) await this.#persist()
  }

  /**
   * Let a completion go without taking it (the queue is full): the state file does not pass
   * it until it is taken again and finished.
   */
  defer(event: CompletionEvent): void {
    this.#deferred.set(keyOf(event), entryOf(event))
  }

  /** Record that the completion's command finished for good; resolves once it is on disk. */
  async finish(event: CompletionEvent): Promise<void> {
    const key = keyOf(event)
    const entry = this.#pending.get(key) ?? entryOf(event)
    this.#pending.delete(key)
    this.#done.set(key, entry)
    await this.#persist()
    this.#forgetOld()
  }

  /** Wait for the writes under way; write the pending list as it is now. */
  flush(): Promise<void> {
    return this.#persist()
  }

  /** The instant up to which everything taken has finished: the state file's next value. */
  #oldestPending(): number | undefined {
    return minimum([...this.#pending.values(), ...this.#deferred.values()])
  }

  #watermark(): number | undefined {
    const oldestPending = this.#oldestPending()
    let mark = this.#durable
    for (const { instant } of this.#done.values()) {
      if (oldestPending !== undefined && instant >= oldestPending) continue
      if (mark === undefined || instant > mark) mark = instant
    }
    return mark
  }

  /** Below this, nothing is needed by a restart: the durable W or the oldest pending. */
  #floor(): number {
    const oldestPending = this.#oldestPending() ?? Number.POSITIVE_INFINITY
    return Math.min(this.#durable ?? Number.POSITIVE_INFINITY, oldestPending - 1)
  }

  #persist(): Promise<void> {
    if (this.#stateFile === undefined) return Promise.resolve()
    this.#nextWrite ??= this.#writing.then(() => {
      this.#nextWrite = undefined
      return this.#writeNow()
    })
    const write = this.#nextWrite
    this.#writing = write.catch(() => {})
    return write
  }

  async #writeNow(): Promise<void> {
    const stateFile = this.#stateFile
    if (stateFile === undefined) return
    const floor = this.#floor()
    const mark = this.#watermark()
    await writeInFlight(inFlightFileOf(stateFile), {
      pending: [...this.#pending.values(), ...this.#deferred.values()].map((entry) => entry.completion),
      done: [...this.#done.values()]
        .filter((entry) => entry.instant >= floor)
        .map((entry) => entry.completion),
    })
    if (mark !== undefined && (this.#durable === undefined || mark > this.#durable)) {
      await writeLastCompletedAt(stateFile, formatMicroseconds(mark))
      this.#durable = mark
    }
  }

  #forgetOld(): void {
    if (this.#done.size < 256 || this.#latest === undefined) return
    const cutoff = Math.min(this.#floor(), this.#latest - rememberMs * 1000)
    for (const [key, entry] of this.#done) if (entry.instant < cutoff) this.#done.delete(key)
  }
}
