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
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
}

/** A network failure, described without anything that could hold request headers. */
export interface NetworkFailure {
  /** A few words for the message, e.g. `connection refused (ECONNREFUSED)`. */
  reason: string
  /** `false` only when the failure proves the request never reached the server. */
  requestSent: boolean
  /** The lowest-level error that carries no request object. */
  cause: unknown
}

function errorCode(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
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
 * Describe what a fetch (through ky) threw when no response arrived. ky's errors hold
 * the `Request`, whose headers hold the token: they are never kept, only their cause.
 */
export function describeNetworkFailure(error: unknown): NetworkFailure {
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
  return {
    reason,
    requestSent: !(codes.length > 0 && codes.every((code) => notSentCodes.has(code))),
    cause,
  }
}
