import { SdkError } from '@debusine-ts/models'

/** What a {@link ResponseTooLargeError} is built from. */
export interface ResponseTooLargeErrorInit {
  /** The HTTP method, e.g. `GET`. */
  method: string
  /** The request URL, with secrets in its query redacted. */
  url: string
  /** The limit that was exceeded, in bytes (the transport's `maxResponseBytes`). */
  limitBytes: number
  /** The length the answer declared (`Content-Length`), when it declared one over the limit. */
  declaredBytes?: number | undefined
}

function sizeOf(bytes: number): string {
  return bytes >= 1 << 20 && bytes % (1 << 20) === 0 ? `${bytes / (1 << 20)} MiB` : `${bytes} bytes`
}

/**
 * The server's answer (a JSON body, an error page, a list page) is larger than the
 * transport reads: the body was cancelled at the limit, not read whole. Not retryable: the
 * same request would get the same answer.
 */
export class ResponseTooLargeError extends SdkError {
  static override readonly errorName: string = 'ResponseTooLargeError'

  /** The HTTP method of the request. */
  readonly method: string
  /** The request URL, with secrets in its query redacted. */
  readonly url: string
  /** The limit that was exceeded, in bytes. */
  readonly limitBytes: number
  /** The length the answer declared, when it declared one over the limit. */
  readonly declaredBytes: number | undefined

  constructor(init: ResponseTooLargeErrorInit) {
    const size =
      init.declaredBytes === undefined
        ? `more than ${sizeOf(init.limitBytes)}`
        : `${init.declaredBytes} bytes, more than ${sizeOf(init.limitBytes)}`
    super(
      `${init.method} ${init.url} answered with a body of ${size}, the most the transport reads ` +
        '(maxResponseBytes); it stopped reading. The server or a proxy on the way sent far more ' +
        'than a Debusine answer holds: check the API URL, or raise maxResponseBytes.',
      'response_too_large',
    )
    this.method = init.method
    this.url = init.url
    this.limitBytes = init.limitBytes
    this.declaredBytes = init.declaredBytes
  }
}
