/** Settings of a {@link JobPool}. */
export interface JobPoolOptions<Item> {
  /** How many items run at once (at least 1). */
  jobs: number
  /** How many items may wait for a free slot; {@link JobPool.offer} refuses more. */
  queueLimit: number
  /** Runs one item; a rejection goes to `onError`. */
  run: (item: Item) => Promise<void>
  /** Told of a rejected `run`. */
  onError: (error: unknown) => void
}

/**
 * Runs items, at most `jobs` at a time, in the order offered; the others wait in a queue
 * of at most `queueLimit` items, so memory stays bounded whatever the burst. What happens
 * to a refused item is the caller's business.
 *
 * @example
 * const pool = new JobPool({ jobs: 4, queueLimit: 100, run: handle, onError: fail })
 * if (!pool.offer(event)) letGo(event)
 */
export class JobPool<Item> {
  readonly #options: JobPoolOptions<Item>
  readonly #queue: Item[] = []
  #running = 0
  #closed = false
  #waiters: (() => void)[] = []

  constructor(options: JobPoolOptions<Item>) {
    this.#options = options
  }

  /** Items waiting for a slot. */
  get queued(): number {
    return this.#queue.length
  }

  /** Items running. */
  get running(): number {
    return this.#running
  }

  /** Run the item now or queue it; false (nothing done) when the queue is full or the pool closed. */
  offer(item: Item): boolean {
    if (this.#closed) return false
    if (this.#running < this.#options.jobs) {
      this.#start(item)
      return true
    }
    if (this.#queue.length >= this.#options.queueLimit) return false
    this.#queue.push(item)
    return true
  }

  /** Resolves once at most `threshold` items wait (or the pool is closed). */
  async whenRoom(threshold: number): Promise<void> {
    while (!this.#closed && this.#queue.length > threshold) await this.#changed()
  }

  /** Resolves once nothing runs. */
  async idle(): Promise<void> {
    while (this.#running > 0) await this.#changed()
  }

  /** Start nothing more; returns the items that were waiting (they are dropped). */
  close(): Item[] {
    this.#closed = true
    this.#notify()
    return this.#queue.splice(0)
  }

  #changed(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  #notify(): void {
    const waiters = this.#waiters
    this.#waiters = []
    for (const waiter of waiters) waiter()
  }

  #start(item: Item): void {
    this.#running += 1
    void this.#options
      .run(item)
      .catch((error: unknown) => this.#options.onError(error))
      .finally(() => {
        this.#running -= 1
        const next = this.#closed ? undefined : this.#queue.shift()
        if (next !== undefined) this.#start(next)
        this.#notify()
      })
  }
}
