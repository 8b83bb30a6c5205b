import type { OptionSpec } from './spec.js'

/** `--workspace`/`-w`, for commands that work in a workspace. */
export const workspaceOption = {
  kind: 'string',
  short: 'w',
  valueName: 'WORKSPACE',
  summary: "the workspace (default: the server section's default-workspace)",
} as const satisfies OptionSpec

/** `--data FILE` where the data is optional. */
export const optionalDataOption = {
  kind: 'string',
  valueName: 'FILE',
  complete: 'file',
  summary: 'YAML mapping to read ("-" for stdin)',
} as const satisfies OptionSpec

/** `--data FILE` where the data is required: stdin by default. */
export const requiredDataOption = {
  ...optionalDataOption,
  default: '-',
  summary: 'YAML mapping to read ("-" for stdin, the default)',
} as const satisfies OptionSpec

/** `--wait`, for commands that create a work request. */
export const waitOption = {
  kind: 'flag',
  python: false,
  summary: 'follow the work request until it completes; the exit code comes from its result',
} as const satisfies OptionSpec

/** `--timeout SECONDS`, with `--wait` and `watch`. */
export const timeoutOption = {
  kind: 'integer',
  python: false,
  valueName: 'SECONDS',
  summary: 'with --wait or watch: give up after this many seconds (exit 13)',
} as const satisfies OptionSpec

/** Options every command has. */
export const commonOptions = {
  yaml: { kind: 'flag', summary: 'print YAML (as the Python client)' },
  json: { kind: 'flag', python: false, summary: 'print JSON only on stdout' },
  help: { kind: 'flag', short: 'h', summary: 'show this help' },
} as const satisfies Readonly<Record<string, OptionSpec>>

/**
 * Global options: which server and config file (read by createContext), `--silent`,
 * `--debug`; before the command, as the Python CLI (also taken after it).
 */
export const globalOptions = {
  version: { kind: 'flag', summary: 'print the version and exit' },
  server: {
    kind: 'string',
    valueName: 'SERVER',
    summary:
      'config section name, or FQDN/SCOPE (default: $DEBUSINE_SERVER_NAME, then [General] default-server)',
  },
  scope: { kind: 'string', valueName: 'SCOPE', summary: "override the server section's scope" },
  configFile: {
    kind: 'string',
    valueName: 'PATH',
    complete: 'file',
    summary: 'config file (default: ~/.config/debusine/client/config.ini)',
  },
  silent: { kind: 'flag', short: 's', summary: 'only warnings and errors on stderr' },
  debug: {
    kind: 'string',
    short: 'd',
    valueName: 'SUBSYSTEMS',
    summary: 'debug output for subsystems (comma-separated, e.g. http) or "all"',
  },
  help: { kind: 'flag', short: 'h', summary: 'show this help' },
} as const satisfies Readonly<Record<string, OptionSpec>>
