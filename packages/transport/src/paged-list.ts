import { ValidationError } from '@debusine-ts/models'
import type { Page } from './page.js'

/** Reads and validates the page at a URL. */
export type PageLoader<T> = (url: string) => Promise<Page<T>>

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
 * item, reading the next page (the server's `next` URL, verbatim) only when needed.
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
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let url: string | null = this.#firstUrl
    const seen = new Set<string>()
    while (url !== null) {
      // @NOTE A server bug sending the same `next` again would otherwise loop forever.
      if (seen.has(url)) return
      seen.add(url)
      const page: Page<T> = await this.#load(url)
      yield page
      url = page.next
    }
  }

  /** Iterate item by item across pages. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items
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
    for await (const page of this.pages()) {
      for (const item of page.items) {
        items.push(item)
        if (items.length >= limit) return items
      }
    }
    return items
  }
}
