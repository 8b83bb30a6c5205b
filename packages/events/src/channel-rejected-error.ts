import { SdkError } from '@debusine-ts/models'

/**
 * The server refused the websocket connection: it sent `{"type": "connection_rejected"}`
 * (for example for an unknown workspace in the filter), or answered the handshake with an
 * HTTP error that retrying will not cure. Not retryable.
 *
 * @example
 * try { await events.subscribe({ workspaces: ['nope'] }).ready }
 * catch (error) { if (ChannelRejectedError.isInstance(error)) console.error(error.reason) }
 */
export class ChannelRejectedError extends SdkError {
  static override readonly errorName: string = 'ChannelRejectedError'

  /** The server's explanation. */
  readonly reason: string
  /** The HTTP status of a refused handshake; `undefined` when the server sent a rejection message. */
  readonly status: number | undefined

  /**
   * @param options `status` of a refused handshake; `code`, which subclasses set to their own
   */
  constructor(reason: string, options: { status?: number | undefined; code?: string } = {}) {
    super(
      `The Debusine server refused the completion channel: ${reason}`,
      options.code ?? 'connection_rejected',
    )
    this.reason = reason
    this.status = options.status
  }
}

/**
 * The server refused the websocket connection because of the token: none was configured,
 * or the server does not know it, or it is disabled, or it does not belong to a user (the
 * channel accepts only enabled user tokens). Not retryable.
 *
 * @example
 * try {
 *   for await (const event of subscription) console.log(event.work_request_id)
 * } catch (error) {
 *   if (TokenRejectedError.isInstance(error)) console.error('check the token in the config file')
 * }
 */
export class TokenRejectedError extends ChannelRejectedError {
  static override readonly errorName: string = 'TokenRejectedError'

  constructor(reason: string, options: { status?: number | undefined } = {}) {
    super(reason, { ...options, code: 'token_rejected' })
  }
}
