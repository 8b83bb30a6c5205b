/**
 * @packageDocumentation
 * debusine-ts: command-line client for Debusine, a superset of the Python debusine CLI.
 * The binary is `debusine-ts`; this entry point lets programs and tests run it in-process.
 */
export { main } from './main.js'
export { processIo, type Io, type OutputStream } from './io.js'
export { commands, findCommand } from './commands.js'
export type {
  CommandSpec,
  OptionSpec,
  ArgumentSpec,
  OptionKind,
  OutputStyle,
  CommandHandler,
} from './command-spec.js'
export type { CommandContext, GlobalOptions, OutputFormat, Printable } from './command-context.js'
export { exitCodes } from './exit-codes.js'
export { parseArguments, type ParsedArguments, type OptionValue, type ParseSettings } from './parser.js'
export { completionScript, shells, type Shell } from './completion.js'
export { CliError } from './cli-error.js'
export { UsageError } from './usage-error.js'
