/**
 * @packageDocumentation
 * Debusine completion notifications over the websocket channel: a subscription that
 * reconnects, watches a heartbeat and replays what it missed; `waitForCompletion`; and
 * `onWorkRequestCompleted`, which runs a command for each completion.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
export * from './index.browser.js'
export {
  onWorkRequestCompleted,
  type OnWorkRequestCompletedOptions,
  type CommandFinishedInfo,
} from './on-work-request-completed.js'
export { CommandNotFoundError, findCommand } from './command.js'
export { runCommand, succeeded, type CommandResult, type RunLimits } from './run-command.js'
export {
  LastCompletedAtFileError,
  formatLastCompletedAt,
  readLastCompletedAt,
  writeLastCompletedAt,
  prepareLastCompletedAt,
} from './last-completed-at-file.js'
export { toMicroseconds, formatMicroseconds } from './instant.js'
