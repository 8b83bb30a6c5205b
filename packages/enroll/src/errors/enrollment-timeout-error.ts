import { SdkError } from '@debusine-ts/models'

/**
 * Which limit expired: `idle` — nothing at all, not even a keep-alive, arrived for the idle
 * timeout (the connection is probably lost); `overall` — nobody answered the enrollment in
 * the web UI in time.
 */
export type EnrollmentTimeoutKind = 'idle' | 'overall'

/** What an {@link EnrollmentTimeoutError} is built from. */
export interface EnrollmentTimeoutErrorInit {
  /** Which limit expired. */
  kind: EnrollmentTimeoutKind
  /** The limit that expired, in milliseconds. */
  timeoutMs: number
  /** The address of the confirmation page. */
  confirmUrl: string
  /** The error that ended the request, kept for debugging. */
  cause?: unknown
}

function describeDuration(milliseconds: number): string {
  if (milliseconds >= 60_000 && milliseconds % 60_000 === 0) return `${milliseconds / 60_000} min`
  if (milliseconds >= 1000 && milliseconds % 1000 === 0) return `${milliseconds / 1000} s`
  return `${milliseconds} ms`
}

/**
 * The enrollment got no answer in time: either nobody confirmed it in the web UI within
 * the overall timeout, or the server went silent (no keep-alive) for the idle timeout.
 * The pending enrollment is gone on the server either way: start a new one.
 *
 * @example
 * try { await enroll({ apiUrl, scope, hostname }, { timeout: 5 * 60_000 }) } catch (error) {
 *   if (EnrollmentTimeoutError.isInstance(error)) console.error(error.message)
 * }
 */
export class EnrollmentTimeoutError extends SdkError {
  static override readonly errorName: string = 'EnrollmentTimeoutError'

  /** Which limit expired. */
  readonly kind: EnrollmentTimeoutKind
  /** The limit that expired, in milliseconds. */
  readonly timeoutMs: number
  /** The address of the confirmation page. */
  readonly confirmUrl: string

  constructor(init: EnrollmentTimeoutErrorInit) {
    const duration = describeDuration(init.timeoutMs)
    super(
      init.kind === 'overall'
        ? `Nobody confirmed the enrollment within ${duration}: no token was issued. ` +
            'Run the enrollment again and open the confirmation page sooner, or allow more time (timeout option).'
        : `The server sent nothing, not even a keep-alive, for ${duration} while waiting for the enrollment ` +
            'to be confirmed: the connection was probably lost (a proxy may cut long requests). Run the enrollment again.',
      'enrollment_timeout',
      // Losing the connection may not happen again; a user who did not answer in time would not answer now either.
      { cause: init.cause, isRetryable: init.kind === 'idle' },
    )
    this.kind = init.kind
    this.timeoutMs = init.timeoutMs
    this.confirmUrl = init.confirmUrl
  }
}
