/**
 * @packageDocumentation
 * The command-line kit of the suite's programs (`debusine-ts`, `debusine-ts-daemon`), for
 * tools built on the client: commands declared as typed data, a parser that reads command
 * lines as Python's argparse does (so a superset of the Python `debusine` CLI behaves the
 * same), help, shell completion, and the suite's exit codes. Node only.
 */
export { parseCommandLine, type ParserDefinition, type ParseResult } from './parser.js'
export {
  commandDefiner,
  longName,
  type Command,
  type CommandDefinition,
  type CommandInfo,
  type Handler,
  type Values,
  type OptionSpec,
  type OptionSpecs,
  type FlagOption,
  type ValueOption,
  type OptionValue,
  type ArgumentSpec,
  type ArgumentSpecs,
  type ArgumentValue,
  type Scalar,
  type Completion,
} from './spec.js'
export { shellIdentifier, type ProgramInfo } from './program.js'
export { commandUsage, commandHelp, groupHelp, programHelp } from './help.js'
export { completionScript, shells, type Shell } from './completion.js'
export { resolveCommand, type Resolution } from './resolve-command.js'
export { choiceOf } from './choice.js'
export { isIsoDate } from './iso-date.js'
export { UsageError } from './usage-error.js'
export { cannotOpenArgument, pythonOsErrorText } from './file-argument.js'
export { exitCodes, type ExitCode } from './exit-codes.js'
export { keepWebAssemblyOnBaselineCompiler } from './lean-web-assembly.js'
