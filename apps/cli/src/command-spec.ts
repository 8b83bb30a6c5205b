import type { CommandContext } from './command-context.js'

/** How an option takes its values. */
export type OptionKind = 'boolean' | 'string' | 'integer'

/** One option of a command, as data: the parser, the help, the completion and the README use it. */
export interface OptionSpec {
  /** The long name, without `--`, e.g. `workspace`. */
  readonly name: string
  /** The one-letter short name, without `-`, e.g. `w`. */
  readonly short?: string
  /** A boolean flag, or an option taking a string or an integer. */
  readonly kind: OptionKind
  /**
   * `append`: repeatable, one value each time; `greedy`: one or more values after the
   * option (argparse `nargs="+"`), also repeatable.
   */
  readonly multiple?: 'append' | 'greedy'
  /** The placeholder of the value in help, e.g. `NAME`. */
  readonly valueName?: string
  /** One line for help. */
  readonly summary: string
  /** The allowed values, if limited. */
  readonly choices?: readonly string[]
  /** What the shell completes for the value. */
  readonly complete?: 'file' | 'directory'
  /** Hidden from help and completion (kept for compatibility). */
  readonly hidden?: boolean
}

/** One positional argument of a command. */
export interface ArgumentSpec {
  /** The placeholder in help, e.g. `WORK_REQUEST_ID`. */
  readonly name: string
  /** One line for help. */
  readonly summary: string
  /** Whether it may be left out; default false. */
  readonly optional?: boolean
  /** Takes every remaining argument (at least one unless `optional`). */
  readonly variadic?: boolean
  /** Takes every remaining argument as is, options included (a command line to run). */
  readonly rest?: boolean
  /** What the shell completes. */
  readonly complete?: 'file' | 'directory'
  /** Whether the value is an integer (checked by the parser). */
  readonly integer?: boolean
}

/** What a command prints on stdout by default. */
export type OutputStyle =
  /** A table or panel for humans; `--yaml` gives the Python client's YAML, `--json` JSON. */
  | 'model'
  /** Always YAML, as the Python client (`--json` gives JSON). */
  | 'yaml'
  /** Nothing on success (`--json` prints a small result object). */
  | 'none'

/** The handler of a command: the exit code, or nothing for 0. */
export type CommandHandler = (context: CommandContext) => Promise<number | undefined>

/** A command, as data. */
export interface CommandSpec {
  /** The words of the command, e.g. `['work-request', 'show']`. */
  readonly path: readonly string[]
  /** One line for help. */
  readonly summary: string
  /** Longer help, if the summary is not enough. */
  readonly description?: string
  /** Examples of whole command lines, without the program name. */
  readonly examples?: readonly string[]
  /** The options (`--yaml`, `--json` and `--help` are added to every command). */
  readonly options: readonly OptionSpec[]
  /** The positional arguments, in order. */
  readonly arguments: readonly ArgumentSpec[]
  /** Flat names of the Python client before 0.13, still accepted (hidden). */
  readonly legacy?: readonly string[]
  /** What the command prints on stdout. */
  readonly output: OutputStyle
  /** Whether the command works without a configured server (`setup`, `completion`). */
  readonly offline?: boolean
  /** Present in the Python CLI (false: new in debusine-ts). */
  readonly python?: boolean
  /** Loads the handler (a dynamic import, so start-up stays fast). */
  readonly load: () => Promise<CommandHandler>
}

/** `--workspace`/`-w`, shared by commands that work in a workspace. */
export const workspaceOption: OptionSpec = {
  name: 'workspace',
  short: 'w',
  kind: 'string',
  valueName: 'WORKSPACE',
  summary: "the workspace (default: the server section's default-workspace)",
}

/** `--data FILE`, for commands reading YAML input. */
export function dataOption(required: boolean): OptionSpec {
  return {
    name: 'data',
    kind: 'string',
    valueName: 'FILE',
    complete: 'file',
    summary: required
      ? 'YAML mapping to read ("-" for stdin, the default)'
      : 'YAML mapping to read ("-" for stdin)',
  }
}

/** `--wait`, for commands that create a work request. */
export const waitOption: OptionSpec = {
  name: 'wait',
  kind: 'boolean',
  summary: 'follow the work request until it completes; the exit code comes from its result',
}

/** `--timeout SECONDS`, with `--wait` and `watch`. */
export const timeoutOption: OptionSpec = {
  name: 'timeout',
  kind: 'integer',
  valueName: 'SECONDS',
  summary: 'with --wait or watch: give up after this many seconds (exit 13)',
}

/** Options every command has. */
export const commonOptions: readonly OptionSpec[] = [
  { name: 'yaml', kind: 'boolean', summary: 'print YAML (as the Python client)' },
  { name: 'json', kind: 'boolean', summary: 'print JSON only on stdout' },
  { name: 'help', short: 'h', kind: 'boolean', summary: 'show this help' },
]

/** Global options: before the command (or anywhere before a command line to run). */
export const globalOptions: readonly OptionSpec[] = [
  {
    name: 'server',
    kind: 'string',
    valueName: 'SERVER',
    summary:
      'config section name, or FQDN/SCOPE (default: $DEBUSINE_SERVER_NAME, then [General] default-server)',
  },
  { name: 'scope', kind: 'string', valueName: 'SCOPE', summary: "override the server section's scope" },
  {
    name: 'config-file',
    kind: 'string',
    valueName: 'PATH',
    complete: 'file',
    summary: 'config file (default: ~/.config/debusine/client/config.ini)',
  },
  { name: 'silent', short: 's', kind: 'boolean', summary: 'only warnings and errors on stderr' },
  {
    name: 'debug',
    short: 'd',
    kind: 'string',
    valueName: 'SUBSYSTEMS',
    summary: 'debug output for subsystems (comma-separated, e.g. http) or "all"',
  },
  { name: 'version', kind: 'boolean', summary: 'print the version and exit' },
  { name: 'help', short: 'h', kind: 'boolean', summary: 'show this help' },
]
