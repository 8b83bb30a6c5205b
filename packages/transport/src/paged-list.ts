import { ValidationError } from '@debusine-ts/models'
import type { Page } from './page.js'

/** Reads and validates the page at a URL; `signal` aborts a page read ahead and not needed. */
export type PageLoader<T> = (url: string, signal?: AbortSignal) => Promise<Page<T>>

/** Options of {@link PagedList.toArray}. */
export interface ToArrayOptions {
  /**
   * The most items to collect; required so that a huge list is not loaded by accident.
   * Pass `Infinity` to collect everything on purpose.
   */
  limit: number
}

/**
 * A lazy paginated list: nothing is requested until it is iterated. Iterating yields each
 * item, following the server's `next` URL verbatim, and reads the next page while the caller
 * works through the current one (one page ahead, so a slow consumer and the server overlap),
 * never beyond the page that holds the items asked for.
 *
 * @example
 * for await (const workRequest of transport.list('/work-request/', WorkRequestSchema)) {
 *   console.log(workRequest.id)
 * }
 * const latest = await transport.list('/work-request/', WorkRequestSchema).toArray({ limit: 20 })
 */
export class PagedList<T> implements AsyncIterable<T> {
  readonly #load: PageLoader<T>
  readonly #firstUrl: string

  /**
   * @param load reads one page (the transport passes its own)
   * @param firstUrl the absolute URL of the first page
   */
  constructor(load: PageLoader<T>, firstUrl: string) {
    this.#load = load
    this.#firstUrl = firstUrl
  }

  /** Read the first page only. */
  firstPage(): Promise<Page<T>> {
    return this.#load(this.#firstUrl)
  }

  /**
   * Iterate page by page, following `next` until the last page.
   *
   * @example
   * for await (const page of list.pages()) console.log(page.count, page.items.length)
   */
  pages(): AsyncGenerator<Page<T>, void, undefined> {
    return this.#pagesHolding(Infinity)
  }

  /** Iterate item by item across pages. */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return this.take(Infinity)
  }

  /**
   * Iterate over at most `limit` items; no page is read beyond the one that reaches it.
   *
   * @example
   * for await (const workRequest of client.workRequests.list().take(50)) console.log(workRequest.id)
   */
  async *take(limit: number): AsyncGenerator<T, void, undefined> {
    if (!(limit > 0)) return
    let count = 0
    for await (const page of this.#pagesHolding(limit)) {
      for (const item of page.items) {
        yield item
        count += 1
        if (count >= limit) return
      }
    }
  }

  /** The pages, one read ahead while fewer than `limit` items were read. */
  async *#pagesHolding(limit: number): AsyncGenerator<Page<T>, void, undefined> {
    const ahead = new AbortController()
    const seen = new Set<string>([this.#firstUrl])
    let pending: Promise<Page<T>> | undefined = this.#load(this.#firstUrl, ahead.signal)
    let items = 0
    try {
      while (pending !== undefined) {
        const page: Page<T> = await pending
        items += page.items.length
        pending = undefined
        // @NOTE A server bug sending the same `next` again would otherwise loop forever.
        if (page.next !== null && !seen.has(page.next) && items < limit) {
          seen.add(page.next)
          pending = this.#load(page.next, ahead.signal)
          // Its failure is thrown when awaited; unawaited (the caller stopped), it is moot.
          pending.catch(() => undefined)
        }
        yield page
      }
    } finally {
      ahead.abort()
    }
  }

  /**
   * Collect at most `limit` items, reading no page beyond the one that reaches the limit.
   *
   * @throws {ValidationError} when `limit` is not a positive integer or `Infinity`
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const limit = options.limit
    if (!(limit === Infinity || (Number.isInteger(limit) && limit > 0))) {
      throw new ValidationError('ToArrayOptions', [
        {
          path: 'limit',
          rule: 'invalid_limit',
          message: `expected a positive integer or Infinity, got ${String(limit)}`,
        },
      ])
    }
    const items: T[] = []
    for await (const item of this.take(limit)) items.push(item)
    return items
  }
}
