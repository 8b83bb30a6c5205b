import type { ConfiguredServer, DebusineClient } from '@debusine-ts/client'
import type { CommandSpec } from './command-spec.js'
import type { Io } from './io.js'
import type { OptionValue } from './parser.js'

/** How a command prints its result. */
export type OutputFormat = 'human' | 'yaml' | 'json'

/** The global options, after parsing. */
export interface GlobalOptions {
  readonly server?: string | undefined
  readonly scope?: string | undefined
  readonly configFile?: string | undefined
  readonly silent: boolean
  /** The `--debug` subsystems (`all`, `http`, …). */
  readonly debug: readonly string[]
}

/** A result to print in each format. */
export interface Printable {
  /** The JSON value (`--json`): usually the server object as is. */
  readonly json: unknown
  /** The YAML value (`--yaml`, and YAML-first commands): the Python client's shape. */
  readonly yaml?: unknown
  /** Text for humans (default for model commands). */
  readonly human?: () => string
}

/** What a command handler gets. */
export interface CommandContext {
  readonly io: Io
  readonly command: CommandSpec
  /** Option values by long name. */
  readonly options: Readonly<Record<string, OptionValue>>
  /** Positional arguments by name. */
  readonly arguments: Readonly<Record<string, string | string[] | number | undefined>>
  readonly global: GlobalOptions
  readonly format: OutputFormat
  /** Aborted on SIGINT/SIGTERM. */
  readonly signal: AbortSignal
  /** The selected server's settings (reads the config file once). */
  server(): Promise<ConfiguredServer>
  /** A client of the selected server (loaded on first use). */
  client(): Promise<DebusineClient>
  /** `--workspace`, else the server's default workspace. */
  workspace(): Promise<string>
  /** An option as a string, if given. */
  string(name: string): string | undefined
  /** An option as a list of strings (empty if not given). */
  strings(name: string): string[]
  /** An option as an integer, if given. */
  integer(name: string): number | undefined
  /** A flag. */
  flag(name: string): boolean
  /**
   * The `--data` YAML mapping: from the file, or stdin when `-` (the default when
   * `required`); `{}` when optional and not given, or when stdin is empty.
   */
  readData(required: boolean): Promise<Record<string, unknown>>
  /** Print a result on stdout in the chosen format. */
  print(result: Printable): void
  /** A feedback line on stderr (not with `--silent`). */
  feedback(text: string): void
  /** A warning on stderr (even with `--silent`). */
  warn(text: string): void
  /** A browser URL for a server-relative path. */
  webUrl(path: string): Promise<string>
}
