/**
 * @packageDocumentation
 * Debusine completion notifications over the websocket channel: a subscription that
 * reconnects, watches a heartbeat and replays what it missed; `waitForCompletion`; and
 * `onWorkRequestCompleted`, which runs a command for each completion.
 */
export {
  CompletionEvents,
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
export {
  onWorkRequestCompleted,
  type OnWorkRequestCompletedOptions,
  type CommandFinishedInfo,
} from './on-work-request-completed.js'
export { CommandNotFoundError, findCommand } from './command.js'
export {
  LastCompletedAtFileError,
  formatLastCompletedAt,
  readLastCompletedAt,
  writeLastCompletedAt,
  prepareLastCompletedAt,
} from './last-completed-at-file.js'
