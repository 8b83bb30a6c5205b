/**
 * @packageDocumentation
 * Debusine completion notifications for browsers (and any JavaScript runtime without
 * Node's modules): the subscription and `waitForCompletion`, without running commands
 * or state files. Bundlers pick this entry through the `browser` condition of
 * `@debusine-ts/events`. A browser cannot put the `Token` header on a websocket
 * handshake: serve the API from the page's origin through a proxy that adds it.
 */
export {
  CompletionEvents,
  DEFAULT_SAFETY_POLL_MS,
  type CompletionEventsOptions,
  type ChannelWaitOptions,
} from './completion-events.js'
export {
  CompletionSubscription,
  type CompletionEvent,
  type SubscribeOptions,
  type ConnectInfo,
  type DisconnectInfo,
  type ReconnectInfo,
} from './completion-subscription.js'
export { completionChannelUrl, COMPLETION_CHANNEL_PATH, type ChannelQuery } from './channel-url.js'
export { processAsyncMessage, TOKEN_DISABLED, type ChannelMessage, type MessageHandlers } from './dispatch.js'
export { TokenDisabledError } from './token-disabled-error.js'
export { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
export { ChannelMessageTooLargeError, DEFAULT_MAX_MESSAGE_BYTES } from './channel-message-too-large-error.js'
export { toMicroseconds, formatMicroseconds } from './instant.js'
