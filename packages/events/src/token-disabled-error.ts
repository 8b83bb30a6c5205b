import { SdkError } from '@debusine-ts/models'

/**
 * The server said that the token is disabled (`reason_code: "TOKEN_DISABLED"`). Not
 * retryable: the same token will be refused again until someone enables it.
 *
 * @example
 * try { for await (const event of events.subscribe()) handle(event) }
 * catch (error) { if (TokenDisabledError.isInstance(error)) console.error('enable the token') }
 */
export class TokenDisabledError extends SdkError {
  static override readonly errorName: string = 'TokenDisabledError'

  /** The server's explanation. */
  readonly reason: string

  constructor(reason: string) {
    super(`The Debusine server disabled the token: ${reason}`, 'token_disabled')
    this.reason = reason
  }
}
