import { silentLogger, type Logger } from '@debusine-ts/transport'
import { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
import { TokenDisabledError } from './token-disabled-error.js'

/** A decoded message of the channel: a JSON object. */
export type ChannelMessage = Readonly<Record<string, unknown>>

/** The handlers of {@link processAsyncMessage}: `text` value → handler of the decoded object. */
export type MessageHandlers = Readonly<Record<string, (message: ChannelMessage) => void>>

/** The `reason_code` of a refused or closed connection whose token is disabled. */
export const TOKEN_DISABLED = 'TOKEN_DISABLED'

// The only reason the completion channel gives when it refuses the token (docs/protocol.md §7).
const tokenRejection = /token/i

/**
 * Dispatch one message of a Debusine websocket channel: decode the JSON object and, when
 * its `text` names a handler, call that handler with the object.
 *
 * Returns whether a handler ran. Binary frames, invalid JSON, objects without `text` and
 * `text` values without a handler are logged (at `warn`) and return false; `connected`
 * without a handler is logged at `debug`.
 *
 * @param data the frame's data: a string for a text frame, anything else is a binary frame
 * @throws {TokenDisabledError} when the message carries `reason_code: "TOKEN_DISABLED"`
 * @throws {TokenRejectedError} when the server refuses the connection because of the token
 *   (`{"type": "connection_rejected"}` on the completion channel has no `reason_code`)
 * @throws {ChannelRejectedError} when the server refuses the connection for another reason
 * @example
 * const handled = processAsyncMessage(frame, {
 *   work_request_completed: (message) => console.log(message.work_request_id),
 * })
 */
export function processAsyncMessage(
  data: unknown,
  handlers: MessageHandlers,
  logger: Logger = silentLogger,
): boolean {
  if (typeof data !== 'string') {
    logger.warn('Ignoring a binary websocket message')
    return false
  }
  let message: unknown
  try {
    message = JSON.parse(data)
  } catch {
    logger.warn('Ignoring a websocket message that is not JSON', { message: data.slice(0, 200) })
    return false
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    logger.warn('Ignoring a websocket message that is not a JSON object', { message: data.slice(0, 200) })
    return false
  }
  const object = message as ChannelMessage
  const text = object.text
  if (text !== undefined && text !== null) {
    const handler = typeof text === 'string' ? handlers[text] : undefined
    if (handler !== undefined && Object.hasOwn(handlers, text as string)) {
      handler(object)
      return true
    }
    if (text === 'connected') logger.debug('Connected')
    else logger.warn('Ignoring a websocket message with an unknown text', { text })
    return false
  }
  const reason = typeof object.reason === 'string' ? object.reason : 'no reason given'
  if (object.reason_code === TOKEN_DISABLED) throw new TokenDisabledError(reason)
  if (object.type === 'connection_rejected') {
    throw tokenRejection.test(reason) ? new TokenRejectedError(reason) : new ChannelRejectedError(reason)
  }
  logger.warn('Ignoring an unsupported websocket message', { message: data.slice(0, 200) })
  return false
}
