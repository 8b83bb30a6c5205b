import { SdkError } from '@debusine-ts/models'
import type { Delivery } from '../network-failure.js'

/** What a {@link ConnectionError} is built from. */
export interface ConnectionErrorInit {
  /** The HTTP method, e.g. `GET`. */
  method: string
  /** The request URL, with secrets in its query redacted. */
  url: string
  /** What went wrong, in a few words, e.g. `connection refused (ECONNREFUSED)`. */
  reason: string
  /** What the failure says about the request reaching the server; default from `requestSent`. */
  delivery?: Delivery | undefined
  /**
   * `false` when the failure proves that the request never reached the server (connection
   * refused, DNS failure); used when `delivery` is not given (`false` → `not-sent`, else `unknown`).
   */
  requestSent?: boolean | undefined
  /** How many attempts were made, retries included. */
  attempts?: number | undefined
  /** The underlying error (never one that holds the request's headers). */
  cause?: unknown
}

/** What to do about a failure: trust the server's CA for a TLS certificate, else check the way there. */
function advice(init: ConnectionErrorInit): string {
  if (!init.reason.startsWith('TLS certificate')) {
    return 'Check the API URL, your network and that the server is up.'
  }
  let host = init.url
  try {
    host = new URL(init.url).host
  } catch {
    // keep the URL as it is
  }
  if (init.reason.includes('host name')) {
    return `The certificate of ${host} does not name it: use the host name the certificate is for in the API URL.`
  }
  return (
    `To trust the CA of ${host}: give its PEM file as \`ca-file\` in the server's section of config.ini ` +
    '(the caFile option), or add it to the system store (update-ca-certificates), REQUESTS_CA_BUNDLE or NODE_EXTRA_CA_CERTS.'
  )
}

function attemptsSuffix(attempts: number | undefined): string {
  return attempts !== undefined && attempts > 1 ? ` (after ${attempts} attempts)` : ''
}

/**
 * No HTTP response was received: DNS failure, connection refused or reset, TLS failure,
 * or (as {@link TimeoutError}) no answer in time. Retryable.
 */
export class ConnectionError extends SdkError {
  static override readonly errorName: string = 'ConnectionError'
  static override readonly retryableByDefault: boolean = true

  /** The HTTP method of the request. */
  readonly method: string
  /** The request URL, with secrets in its query redacted. */
  readonly url: string
  /** What went wrong, in a few words, e.g. `connection refused (ECONNREFUSED)`. */
  readonly reason: string
  /** `false` only when the failure proves that the request never reached the server. */
  readonly requestSent: boolean
  /**
   * What the failure says about the request: `not-sent` (the server never saw it),
   * `stale-connection` (a reused connection closed before any byte of an answer: the server
   * did not take it up) or `unknown` (the server may have acted).
   */
  readonly delivery: Delivery

  /**
   * @param code the stable code; subclasses pass their own
   * @param message replaces the default message; subclasses pass their own
   */
  constructor(init: ConnectionErrorInit, code = 'connection_failed', message?: string) {
    super(
      message ??
        `Cannot reach the Debusine server for ${init.method} ${init.url}: ${init.reason}` +
          `${attemptsSuffix(init.attempts)}. ${advice(init)}`,
      code,
      { cause: init.cause },
    )
    this.method = init.method
    this.url = init.url
    this.reason = init.reason
    this.delivery = init.delivery ?? (init.requestSent === false ? 'not-sent' : 'unknown')
    this.requestSent = this.delivery !== 'not-sent'
  }
}

/** What a {@link TimeoutError} is built from. */
export interface TimeoutErrorInit extends Omit<ConnectionErrorInit, 'reason' | 'requestSent' | 'delivery'> {
  /** The per-attempt timeout that expired, in milliseconds. */
  timeoutMs: number
}

/** No complete answer arrived within the per-attempt timeout. Retryable. */
export class TimeoutError extends ConnectionError {
  static override readonly errorName: string = 'TimeoutError'

  /** The per-attempt timeout that expired, in milliseconds. */
  readonly timeoutMs: number

  constructor(init: TimeoutErrorInit) {
    super(
      { ...init, reason: `no answer within ${init.timeoutMs} ms`, delivery: 'unknown' },
      'timeout',
      `${init.method} ${init.url} got no complete answer within ${init.timeoutMs} ms` +
        `${attemptsSuffix(init.attempts)}. The server may be busy: try again later, or raise the timeout option.`,
    )
    this.timeoutMs = init.timeoutMs
  }
}
