import { sendNotFoundPage, sendProblem } from './replies.js'
import type { Exchange } from './exchange.js'
import type { Route } from './route.js'

/**
 * Answer with the route of the exchange's method and path: the server's 405 problem when
 * the path is known for other methods only, its 404 page when the path is unknown.
 */
export async function dispatch(routes: readonly Route[], exchange: Exchange, method: string): Promise<void> {
  const path = exchange.url.pathname
  let pathKnown = false
  for (const candidate of routes) {
    const match = candidate.pattern.exec(path)
    if (match == null) continue
    pathKnown = true
    if (candidate.method !== method) continue
    exchange.params = match.slice(1).map((part) => decodeURIComponent(part))
    await candidate.handle(exchange)
    return
  }
  if (pathKnown) sendProblem(exchange.response, 405, 'Error', `Method "${method}" not allowed.`)
  else sendNotFoundPage(exchange.response)
}
