import type { QueryParameters } from './transport-options.js'
import { ValidationError } from '@debusine-ts/models'

/** The only API version: a path segment, there is no negotiation. */
export const API_VERSION = '1.0'

/**
 * Check and normalize the configured `/api` URL (e.g. `https://debusine.debian.net/api/`):
 * an absolute `http:` or `https:` URL without query or fragment, trailing slashes stripped.
 *
 * @throws {ValidationError} when the value is not such a URL
 * @example
 * normalizeApiUrl('https://debusine.debian.net/api/') // 'https://debusine.debian.net/api'
 */
export function normalizeApiUrl(apiUrl: string): string {
  let parsed: URL
  try {
    parsed = new URL(apiUrl)
  } catch {
    return invalid(apiUrl, 'is not an absolute URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') invalid(apiUrl, 'must use http or https')
  if (parsed.search !== '' || parsed.hash !== '') invalid(apiUrl, 'must not have a query or a fragment')
  if (parsed.username !== '' || parsed.password !== '') invalid(apiUrl, 'must not contain credentials')
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

function invalid(apiUrl: string, reason: string): never {
  throw new ValidationError('apiUrl', [
    {
      path: 'apiUrl',
      rule: 'invalid_url',
      message: `${JSON.stringify(apiUrl)} ${reason}; expected the server's /api URL, e.g. https://debusine.debian.net/api`,
    },
  ])
}

function withTrailingSlash(path: string): string {
  if (!path.startsWith('/')) {
    throw new ValidationError('path', [
      { path: '', rule: 'invalid_path', message: `${JSON.stringify(path)} must start with "/"` },
    ])
  }
  return path.endsWith('/') ? path : `${path}/`
}

/**
 * The URL of a versioned API operation: `{apiUrl}/1.0{path}`, with the trailing slash the
 * server requires added when missing (Django would otherwise redirect and drop the body).
 *
 * @param apiUrl a value returned by {@link normalizeApiUrl}
 * @example
 * versionedUrl('https://h/api', '/work-request/42/') // 'https://h/api/1.0/work-request/42/'
 */
export function versionedUrl(apiUrl: string, path: string): string {
  return `${apiUrl}/${API_VERSION}${withTrailingSlash(path)}`
}

/**
 * The URL of an unversioned API endpoint such as `/enroll/`: `{apiUrl}{path}`.
 *
 * @param apiUrl a value returned by {@link normalizeApiUrl}
 * @example
 * unversionedUrl('https://h/api', '/enroll/') // 'https://h/api/enroll/'
 */
export function unversionedUrl(apiUrl: string, path: string): string {
  return `${apiUrl}${withTrailingSlash(path)}`
}

/**
 * The URL of a websocket endpoint: scheme `ws:`/`wss:` for `http:`/`https:`, then
 * `{api path}/ws/1.0{path}`.
 *
 * @param apiUrl a value returned by {@link normalizeApiUrl}
 * @example
 * websocketUrl('https://h/api', '/work-request/on-completed/')
 * // 'wss://h/api/ws/1.0/work-request/on-completed/'
 */
export function websocketUrl(apiUrl: string, path: string): string {
  const websocketBase = apiUrl.replace(/^http(s?):/, 'ws$1:')
  return `${websocketBase}/ws/${API_VERSION}${withTrailingSlash(path)}`
}

/**
 * Turn a server-relative web UI path (a `url` field or a `links` href) into a browser URL:
 * the `/api` URL without its final `api` component, followed by `path`. Absolute URLs are
 * returned unchanged.
 *
 * @param apiUrl a value returned by {@link normalizeApiUrl}
 * @example
 * webuiUrl('https://h/api', '/debian/System/artifact/1/') // 'https://h/debian/System/artifact/1/'
 */
export function webuiUrl(apiUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  if (!path.startsWith('/')) {
    throw new ValidationError('path', [
      { path: '', rule: 'invalid_path', message: `${JSON.stringify(path)} must start with "/"` },
    ])
  }
  return `${apiUrl.replace(/\/api$/, '')}${path}`
}

/** `url` with `query`'s defined values appended as search parameters. */
export function withQuery(url: string, query: QueryParameters | undefined): string {
  if (query === undefined) return url
  const parsed = new URL(url)
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) parsed.searchParams.append(name, String(value))
  }
  return parsed.href
}

/**
 * `url` (resolved against `origin`) as is when it is on `origin`, else its path and query on
 * `origin`, so that a server's `next` URL cannot carry the token elsewhere; `onRebased` is
 * told each URL it rebased.
 */
export function onOrigin(url: string, origin: string, onRebased: (href: string) => void): string {
  const parsed = new URL(url, origin)
  if (parsed.origin === origin) return parsed.href
  onRebased(parsed.href)
  return `${origin}${parsed.pathname}${parsed.search}`
}

/**
 * Whether `hostname` (as `URL.hostname` spells it) names this machine: `localhost` (and
 * names under `.localhost`), an address of 127.0.0.0/8, or `::1`.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** What to do with a token about to be sent in clear text: say so, or refuse to send it. */
export type CleartextPolicy = 'warn' | 'refuse'

/**
 * Check that the token sent to `apiUrl` cannot be read on the way: an `http:` URL of a host
 * other than this machine sends it in clear text. Returns the one-line warning to print
 * (undefined when `https:` or loopback); with `refuse`, throws instead.
 *
 * @throws {ValidationError} (rule `cleartext_token`) for such a URL when `policy` is `refuse`
 * @example
 * checkCleartextApiUrl('http://debusine.example.org/api', 'warn')
 * // 'the token is sent in clear text to http://debusine.example.org/api: use an https:// URL'
 */
export function checkCleartextApiUrl(apiUrl: string, policy: CleartextPolicy): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(apiUrl)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return undefined
  const sentence = `the token is sent in clear text to ${parsed.origin}${parsed.pathname}`
  if (policy === 'warn') return `${sentence}: use an https:// URL`
  throw new ValidationError('apiUrl', [
    {
      path: 'apiUrl',
      rule: 'cleartext_token',
      message: `${sentence}, which is refused here; use an https:// URL`,
    },
  ])
}
