import { SdkError } from '@debusine-ts/models'

/** What an {@link EnrollmentCancelledError} is built from. */
export interface EnrollmentCancelledErrorInit {
  /** The host name the enrollment was for. */
  hostname: string
  /** The address of the confirmation page. */
  confirmUrl: string
}

/**
 * The user answered the enrollment with "cancel" in the web UI: no token was issued. Not
 * retryable as is: start a new enrollment if the user changes their mind.
 *
 * @example
 * try { await enroll({ apiUrl, scope, hostname }) } catch (error) {
 *   if (EnrollmentCancelledError.isInstance(error)) console.error('Enrollment cancelled.')
 * }
 */
export class EnrollmentCancelledError extends SdkError {
  static override readonly errorName: string = 'EnrollmentCancelledError'

  /** The host name the enrollment was for. */
  readonly hostname: string
  /** The address of the confirmation page. */
  readonly confirmUrl: string

  constructor(init: EnrollmentCancelledErrorInit) {
    super(
      `The enrollment of "${init.hostname}" was cancelled in the web UI: no token was issued. ` +
        'Run the enrollment again and press "confirm" if you meant to allow it.',
      'enrollment_cancelled',
    )
    this.hostname = init.hostname
    this.confirmUrl = init.confirmUrl
  }
}
