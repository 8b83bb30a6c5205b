import { SdkError } from '@debusine-ts/models'

/** The default limit of one completion channel message, in bytes (1 MiB): a completion is about 200. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024

/**
 * A message on the completion channel was larger than `maxMessageBytes` (the
 * `CompletionEvents` option): the connection was closed (code 1009) before the message was
 * read whole (in Node; a browser hands a message over only once it has it all) and the
 * subscription reconnects. Reported to `onDisconnect` and the logger; retryable.
 *
 * @example
 * events.subscribe({ onDisconnect: ({ error }) => { if (ChannelMessageTooLargeError.isInstance(error)) console.warn(error.message) } })
 */
export class ChannelMessageTooLargeError extends SdkError {
  static override readonly errorName: string = 'ChannelMessageTooLargeError'
  static override readonly retryableByDefault: boolean = true

  /** The limit that was exceeded, in bytes. */
  readonly maxMessageBytes: number

  constructor(maxMessageBytes: number, options: { cause?: unknown } = {}) {
    super(
      `A completion channel message was larger than maxMessageBytes (${maxMessageBytes} bytes): ` +
        'the connection was closed and is opened again',
      'message_too_large',
      options,
    )
    this.maxMessageBytes = maxMessageBytes
  }
}
