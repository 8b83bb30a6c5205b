/**
 * @packageDocumentation
 * The command-line kit of the suite's programs (`debusine-ts`, `debusine-ts-daemon`), for
 * tools built on `@debusine-ts/client`: commands declared as typed data, a parser that reads command
 * lines as Python's argparse does (so a superset of the Python `debusine` CLI behaves the
 * same), help, shell completion, the suite's exit codes, and the program runner
 * ({@link runProgram}) with what a command needs: a context that reads the config and makes
 * the client, output as tables or the Python client's YAML (lists streamed), prompts, the
 * user's editor, progress bars, and one error printer. Node only.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
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
export { exitCodes, workRequestExitCode, type ExitCode } from './exit-codes.js'
export { keepMemoryFlat } from './flat-memory.js'
export { processIo, type Io, type OutputStream } from './io.js'
export {
  DEFAULT_GRACE_MS,
  ProcessInterrupt,
  interruptExitCodes,
  watchProcessSignals,
  type InterruptSignal,
  type InterruptStatus,
  type Interrupts,
  type WatchOptions,
} from './interrupts.js'
export { renderTable, renderFields } from './table.js'
export { toYaml } from './yaml-output.js'
export { pythonShapes, shapeLikePython, shapeArtifactLikePython, type PythonShape } from './python-shapes.js'
export { progressBar, type ProgressBar } from './progress-bar.js'
export { prompter, type Prompter } from './prompt.js'
export { editText, editYaml, editAndApply, type EditSettings } from './editor.js'
export { CliError, ReportedFailure } from './cli-error.js'
export { isSdkError } from './error-kind.js'
export { reportError, withYamlFailure, writeYamlFailure, type ErrorReportSettings } from './error-report.js'
export type {
  CommandContext,
  GlobalOptions,
  ListRendering,
  OutputFormat,
  OutputStyle,
  Printable,
} from './command-context.js'
export {
  commonOptions,
  globalOptions,
  optionalDataOption,
  requiredDataOption,
  timeoutOption,
  waitOption,
  workspaceOption,
} from './standard-options.js'
export {
  defineCommand,
  defineCommands,
  type CommandExtra,
  type CommandSpec,
  type DeclaredCommand,
  type HandlerOf,
  type ValuesOf,
} from './declared-command.js'
export { readCommandLine, type CommandLine } from './read-command-line.js'
export { runProgram, type Program } from './run-program.js'
