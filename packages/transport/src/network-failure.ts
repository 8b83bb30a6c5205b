// Error codes (Node.js / undici) that prove the request never left this machine: no
// connection was ever established, so not a byte of the request reached the server.
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_NODATA',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

const reasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed temporarily',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed by the server',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connection attempt timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  CERT_NOT_YET_VALID: 'TLS certificate not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted: self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted: unknown issuer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate not trusted: unknown issuer',
  UNABLE_TO_GET_ISSUER_CERT: 'TLS certificate not trusted: unknown issuer',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted: unknown issuer',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another host name',
}

/**
 * What a failure without a response says about the request:
 * - `not-sent`: no connection was made (refused, DNS failure): the server never saw it;
 * - `stale-connection`: a reused keep-alive connection was closed or reset by the server
 *   before any byte of the response arrived, as a server does when its idle timeout or a
 *   recycled worker meets the request; browsers send the request again in this case, even a
 *   POST, as the server did not take it up;
 * - `unknown`: the request went out and no answer came back: the server may have acted.
 */
export type Delivery = 'not-sent' | 'stale-connection' | 'unknown'

/** A network failure, described without anything that could hold request headers. */
export interface NetworkFailure {
  /** A few words for the message, e.g. `connection refused (ECONNREFUSED)`. */
  reason: string
  /** What the failure says about the request reaching the server. */
  delivery: Delivery
  /** `false` only when the failure proves the request never reached the server (`delivery` is `not-sent`). */
  requestSent: boolean
  /** The lowest-level error that carries no request object. */
  cause: unknown
}

function errorCode(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * Whether undici closed a connection that had already carried a response: its socket had
 * read bytes, and the request failed before the headers of its own response arrived.
 */
function closedReusedConnection(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 8) return false
  if (errorCode(value) === 'UND_ERR_SOCKET') {
    const bytesRead = (value as { socket?: { bytesRead?: unknown } }).socket?.bytesRead
    if (typeof bytesRead === 'number' && bytesRead > 0) return true
  }
  return closedReusedConnection((value as { cause?: unknown }).cause, depth + 1)
}

// What the Node network saw of connection failures: whether each ended a request on a reused
// connection before any byte of its answer (true), or on a fresh one or mid-answer (false).
const seenOnConnection = new WeakMap<object, boolean>()

/**
 * Note what the connection showed of a failure that closed or reset it: `untaken` when the
 * request went out on a reused keep-alive connection and not a byte of its answer came.
 * The Node network calls this as it sees the failure; {@link classifyNetworkFailure} reads it.
 */
export function noteConnectionFailure(error: object, untaken: boolean): void {
  seenOnConnection.set(error, untaken)
}

/** What was noted of `value` or of its nearest noted cause. */
function noted(value: unknown, depth = 0): boolean | undefined {
  if (typeof value !== 'object' || value === null || depth > 8) return undefined
  const seen = seenOnConnection.get(value)
  return seen ?? noted((value as { cause?: unknown }).cause, depth + 1)
}

/** Collect the `code`s of the error, its causes and (for AggregateError) its members. */
function collectCodes(value: unknown, codes: string[], depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 8) return
  const code = errorCode(value)
  if (code !== undefined) codes.push(code)
  if (value instanceof AggregateError) {
    for (const member of value.errors) collectCodes(member, codes, depth + 1)
  }
  collectCodes((value as { cause?: unknown }).cause, codes, depth + 1)
}

/**
 * Classify what a fetch (or a websocket handshake) threw when no response arrived: a reason
 * for messages and whether the request reached the server ({@link Delivery}). The one
 * network-failure classifier of the suite. Errors that hold the `Request` (whose headers hold
 * the token) are never kept, only their cause.
 *
 * @example
 * const { delivery, reason } = classifyNetworkFailure(error)
 * if (delivery !== 'unknown') await sendAgain()
 */
export function classifyNetworkFailure(error: unknown): NetworkFailure {
  let cause = error
  while (typeof cause === 'object' && cause !== null && 'request' in cause && 'cause' in cause) {
    cause = (cause as { cause: unknown }).cause
  }
  if (typeof cause === 'object' && cause !== null && 'request' in cause) cause = undefined
  const codes: string[] = []
  collectCodes(cause, codes)
  const known = codes.find((code) => code in reasons)
  const innermost = codes.at(-1)
  let reason: string
  if (known !== undefined) reason = `${reasons[known]} (${known})`
  else if (innermost !== undefined) reason = innermost
  else reason = cause instanceof Error ? cause.message : 'network error'
  let delivery: Delivery = 'unknown'
  if (codes.length > 0 && codes.every((code) => notSentCodes.has(code))) delivery = 'not-sent'
  // Without a note (a fetch of its own), undici's close of a socket that had read bytes.
  else if (noted(cause) ?? closedReusedConnection(cause)) delivery = 'stale-connection'
  return { reason, delivery, requestSent: delivery !== 'not-sent', cause }
}
