import type { Exchange } from './exchange.js'

/** One endpoint the fake serves. */
export interface Route {
  /** Method and path template, e.g. `GET /api/1.0/artifact/{id}/`: its name in lists and tests. */
  endpoint: string
  method: string
  pattern: RegExp
  handle: (exchange: Exchange) => void | Promise<void>
}

/**
 * A route from its endpoint template: `{name}` matches one path segment, `{name+}` the rest
 * of the path (slashes included).
 * @example
 * route('GET /api/1.0/work-request/{id}/', (exchange) => showWorkRequest(exchange))
 */
export function route(endpoint: string, handle: Route['handle']): Route {
  const [method, template] = endpoint.split(' ') as [string, string]
  const source = template
    .split(/(\{[a-z_]+\+?\})/)
    .map((part) => {
      if (!part.startsWith('{')) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      return part.endsWith('+}') ? '(.+)' : '([^/]+)'
    })
    .join('')
  return { endpoint, method, pattern: new RegExp(`^${source}$`), handle }
}
