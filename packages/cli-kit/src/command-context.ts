import type { PagedList } from '@debusine-ts/transport'
import type { ConfiguredServer, DebusineClient } from '@debusine-ts/client'
import type { Io } from './io.js'

/** How a command prints its result. */
export type OutputFormat = 'human' | 'yaml' | 'json'

/** What a command prints on stdout by default. */
export type OutputStyle =
  /** A table or panel for humans; `--yaml` gives the Python client's YAML, `--json` JSON. */
  | 'model'
  /** Always YAML, as the Python client (`--json` gives JSON). */
  | 'yaml'
  /** Nothing on success (`--json` prints a small result object). */
  | 'none'

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

/** How each item of a list is printed in each format. */
export interface ListRendering<Item> {
  /** The JSON value of an item (`--json`). */
  readonly json: (item: Item) => unknown
  /** The YAML value of an item (`--yaml`): the Python client's shape. */
  readonly yaml: (item: Item) => unknown
  /** The table for humans, of all the items (a table needs every row for its widths). */
  readonly human: (items: readonly Item[]) => string
}

/** What a command handler gets besides its values: where to print, the server, the client. */
export interface CommandContext {
  readonly io: Io
  /** The command's words, for usage errors. */
  readonly path: readonly string[]
  readonly global: GlobalOptions
  readonly format: OutputFormat
  /** Named by a legacy flat name: a create prints the older program's summary. */
  readonly legacy: boolean
  /** Aborted on SIGINT/SIGTERM. */
  readonly signal: AbortSignal
  /** The selected server's settings (reads the config file once). */
  server(): Promise<ConfiguredServer>
  /** A client of the selected server (loaded on first use). */
  client(): Promise<DebusineClient>
  /** The workspace given, else the server's default workspace. */
  workspace(given: string | undefined): Promise<string>
  /** The options of a call in a workspace: the one given (else the default) and {@link signal}. */
  inWorkspace(given: string | undefined): Promise<{ workspace: string; signal: AbortSignal }>
  /**
   * The YAML mapping of `--data`: from the file, or stdin when `-`; `{}` when not given or
   * when stdin is empty.
   */
  readData(source: string | undefined): Promise<Record<string, unknown>>
  /**
   * Print a result on stdout in the chosen format (resolves once written: YAML that is not
   * plain data loads the `yaml` library first).
   */
  print(result: Printable): Promise<void>
  /**
   * Print at most `limit` items of a list as they arrive: with `--yaml` and `--json` each item
   * is written when it comes, in flat memory, the same bytes as the whole list printed at once.
   */
  printList<Item>(items: PagedList<Item>, limit: number, rendering: ListRendering<Item>): Promise<void>
  /** A feedback line on stderr (not with `--silent`). */
  feedback(text: string): void
  /** A warning on stderr (even with `--silent`). */
  warn(text: string): void
  /** A browser URL for a server-relative path. */
  webUrl(path: string): Promise<string>
}
