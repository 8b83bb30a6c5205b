import { SdkError } from '@debusine-ts/models'

/** What an {@link AbortError} is built from. */
export interface AbortErrorInit {
  /** The HTTP method, e.g. `GET`. */
  method: string
  /** The request URL, with secrets in its query redacted. */
  url: string
  /** The signal's reason, kept for debugging. */
  cause?: unknown
}

/**
 * The caller aborted the operation through its `signal`. Not retryable: the caller
 * asked for it to stop.
 *
 * @example
 * const controller = new AbortController()
 * setTimeout(() => controller.abort(), 1000)
 * try { await transport.request('GET', '/whoami/', { signal: controller.signal }) }
 * catch (error) { if (AbortError.isInstance(error)) console.log('cancelled') }
 */
export class AbortError extends SdkError {
  static override readonly errorName: string = 'AbortError'

  /** The HTTP method of the request. */
  readonly method: string
  /** The request URL, with secrets in its query redacted. */
  readonly url: string

  constructor(init: AbortErrorInit) {
    super(`${init.method} ${init.url} was aborted by the caller.`, 'aborted', { cause: init.cause })
    this.method = init.method
    this.url = init.url
  }
}
