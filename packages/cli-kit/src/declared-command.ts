import type { CommandContext, OutputStyle } from './command-context.js'
import {
  commandDefiner,
  type ArgumentSpecs,
  type Command,
  type CommandDefinition,
  type OptionSpecs,
} from './spec.js'

/** What a command run with a {@link CommandContext} declares beyond the parser's needs. */
export interface CommandExtra {
  /** What the command prints on stdout. */
  readonly output: OutputStyle
  /** Works without a configured server (`setup`, `completion`). */
  readonly offline?: boolean
}

/** A command run with a {@link CommandContext}, as the parser, help, completion and README see it. */
export type DeclaredCommand = Command<CommandContext> & CommandExtra

const define = commandDefiner<CommandContext, CommandExtra>()

/**
 * Declare a command whose handler takes a {@link CommandContext}; `values` are typed from
 * its options and arguments. Its `output` defaults to `model`.
 *
 * @example
 * export const show = defineCommand({
 *   path: ['work-request', 'show'], summary: 'show a work request',
 *   arguments: { id: { name: 'WORK_REQUEST_ID', summary: 'the id', kind: 'integer' } },
 *   handler: async () => (await import('./work-request.js')).show,
 * })
 */
export function defineCommand<
  const Options extends OptionSpecs = Record<never, never>,
  const Arguments extends ArgumentSpecs = Record<never, never>,
>(
  definition: CommandDefinition<CommandContext, Options, Arguments> & Partial<CommandExtra>,
): DeclaredCommand {
  return define<Options, Arguments>({ output: 'model', ...definition })
}
