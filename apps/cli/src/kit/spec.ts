import { commandDefiner, type Command as KitCommand } from '@debusine-ts/client/command-line'
import type { CommandContext, OutputStyle } from './context.js'

/** What the CLI's commands declare beyond the kit's. */
export interface CommandExtra {
  /** What the command prints on stdout. */
  readonly output: OutputStyle
  /** Works without a configured server (`setup`, `completion`). */
  readonly offline?: boolean
}

/** A command of the CLI, as the parser, help, completion and README see it. */
export type Command = KitCommand<CommandContext> & CommandExtra

/**
 * Declare a command of the CLI; `values` are typed from its options and arguments.
 *
 * @example
 * export const show = defineCommand({
 *   path: ['work-request', 'show'], summary: 'show a work request', output: 'model',
 *   options: {}, arguments: { id: { name: 'WORK_REQUEST_ID', summary: 'the id', kind: 'integer' } },
 *   handler: async () => (await import('./work-request.js')).show,
 * })
 */
export const defineCommand = commandDefiner<CommandContext, CommandExtra>()
