import { ValidationError } from '@debusine-ts/models'
import type { EnvelopeListener, Page } from './page.js'

/**
 * Reads and validates the page at a URL; `signal` aborts a page read ahead and not needed.
 * A loader that calls `onEnvelope` once the page's `next` URL and item count are known,
 * before validating its items, lets the list start reading the next page meanwhile.
 */
export type PageLoader<T> = (
  url: string,
  signal?: AbortSignal,
  onEnvelope?: EnvelopeListener,
) => Promise<Page<T>>

/** What a page's envelope says: the URL of the next page and how many items it holds. */
interface Envelope {
  next: string | null
  itemCount: number
}

/** One page being read, and its envelope as soon as the loader (or the page) tells it. */
class PageRead<T> {
  readonly page: Promise<Page<T>>
  #envelope: Envelope | undefined
  #listener: ((envelope: Envelope) => void) | undefined

  constructor(load: (onEnvelope: EnvelopeListener) => Promise<Page<T>>) {
    this.page = load((next, itemCount) => this.#known({ next, itemCount }))
    // A loader that does not tell the envelope: the page tells it. A failed read is thrown
    // when awaited; unawaited (the caller stopped before it), it is moot.
    this.page.then(
      (page) => this.#known({ next: page.next, itemCount: page.items.length }),
      () => undefined,
    )
  }

  /** Call `then` once with the envelope: now if it is known, else as soon as it is. */
  whenEnvelope(then: (envelope: Envelope) => void): void {
    if (this.#envelope === undefined) this.#listener = then
    else then(this.#envelope)
  }

  #known(envelope: Envelope): void {
    if (this.#envelope !== undefined) return
    this.#envelope = envelope
    this.#listener?.(envelope)
  }
}

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

  /**
   * The pages, one read ahead while fewer than `limit` items were read. The read of the next
   * page starts as soon as the current page's envelope is known, before its items are
   * validated: on a long list that validation is off the path between two requests.
   */
  async *#pagesHolding(limit: number): AsyncGenerator<Page<T>, void, undefined> {
    const ahead = new AbortController()
    const seen = new Set<string>([this.#firstUrl])
    const read = (url: string): PageRead<T> =>
      new PageRead((onEnvelope) => this.#load(url, ahead.signal, onEnvelope))
    let current: PageRead<T> | undefined = read(this.#firstUrl)
    let items = 0
    try {
      while (current !== undefined) {
        let following: PageRead<T> | undefined
        const before = items
        current.whenEnvelope(({ next, itemCount }) => {
          // @NOTE A server bug sending the same `next` again would otherwise loop forever.
          if (next !== null && !seen.has(next) && before + itemCount < limit) {
            seen.add(next)
            following = read(next)
          }
        })
        const page: Page<T> = await current.page
        items += page.items.length
        yield page
        current = following
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
