import type { Exchange } from './exchange.js'
import { sendJson, sendProblem } from './replies.js'

/** The server's page size (a setting of the server; no query parameter changes it). */
const PAGE_SIZE = 10

/** The URL of page `page` of the exchange's list, as DRF builds it (page 1 drops the parameter). */
function pageUrl(exchange: Exchange, page: number): string {
  const url = new URL(exchange.url.href)
  if (page === 1) url.searchParams.delete('page')
  else url.searchParams.set('page', String(page))
  return url.href
}

/**
 * Answer one page of `items` (already in the server's order) with DRF's page-number
 * envelope `{count, next, previous, results}`, or its 404 for a page out of range.
 */
export function sendPage<Item>(exchange: Exchange, items: readonly Item[], render: (item: Item) => unknown): void {
  const asked = exchange.url.searchParams.get('page') ?? '1'
  const page = /^\d+$/.test(asked) ? Number(asked) : asked === 'last' ? Math.max(1, Math.ceil(items.length / PAGE_SIZE)) : 0
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE))
  if (page < 1 || page > pages) {
    sendProblem(exchange.response, 404, 'Error', 'Invalid page.')
    return
  }
  sendJson(exchange.response, 200, {
    count: items.length,
    next: page < pages ? pageUrl(exchange, page + 1) : null,
    previous: page > 1 ? pageUrl(exchange, page - 1) : null,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(render),
  })
}
