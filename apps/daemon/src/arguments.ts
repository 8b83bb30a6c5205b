import { parseCommandLine, type OptionSpecs, type Values } from '@debusine-ts/client/command-line'

/** The daemon's command line, parsed. */
export interface DaemonArguments {
  configFile: string | undefined
  server: string | undefined
  workspaces: string[]
  lastCompletedAt: string | undefined
  gracePeriodSeconds: number
  debug: boolean
  help: boolean
  version: boolean
  command: string | undefined
  args: string[]
}

function checkSeconds(text: string): string | undefined {
  const seconds = Number(text)
  return text.trim() !== '' && seconds >= 0 && Number.isFinite(seconds)
    ? undefined
    : `expects a number of seconds, got ${JSON.stringify(text)}`
}

const daemonOptions = {
  configFile: { kind: 'string', valueName: 'PATH', summary: 'client configuration' },
  server: { kind: 'string', valueName: 'NAME', summary: 'server section, or FQDN/SCOPE' },
  workspace: { kind: 'string', short: 'w', append: true, valueName: 'NAME', summary: 'only this workspace' },
  lastCompletedAt: { kind: 'string', valueName: 'FILE', summary: 'the latest completion handled' },
  gracePeriod: { kind: 'string', valueName: 'SECONDS', default: '30', check: checkSeconds, summary: 'grace' },
  debug: { kind: 'flag', summary: 'log debug lines too' },
  version: { kind: 'flag', summary: 'print the version' },
  help: { kind: 'flag', short: 'h', summary: 'print this help' },
} as const satisfies OptionSpecs

/** The text of `--help`. */
export const usage = `Usage: debusine-ts-daemon [options] COMMAND [ARGS...]

Runs COMMAND ARGS... <work request id> <result> for each work request completion
announced by the Debusine server (one at a time, in the current directory).

Options:
  --config-file PATH        client configuration (default ~/.config/debusine/client/config.ini)
  --server NAME             server section, or FQDN/SCOPE (default: $DEBUSINE_SERVER_NAME,
                            then [General] default-server)
  -w, --workspace NAME      only completions in this workspace (repeatable; default all)
  --last-completed-at FILE  record the latest completion handled; replay from it at start
  --grace-period SECONDS    how long a running command may finish at shutdown (default 30)
  --debug                   log debug lines too
  --version                 print the version
  --help                    print this help

Logs are JSON lines on stderr. Exit status: 0 stopped by SIGINT/SIGTERM, 1 failure,
2 usage, 3 configuration, 5 token refused.
`

/**
 * Parse the daemon's arguments with the suite's command-line parser (argparse's rules):
 * options, then COMMAND and its ARGS (everything from the first positional, or after
 * `--`, belongs to the command).
 *
 * @throws {UsageError} (of the kit) for an unknown option, a missing or bad value, or no COMMAND
 */
export function parseArguments(argv: readonly string[]): DaemonArguments {
  const parsed = parseCommandLine(argv, {
    options: daemonOptions,
    arguments: {},
    subcommand: true,
    subcommandName: 'COMMAND',
    command: [],
  })
  // @NOTE the parser builds one value per declared option, of the declared kind.
  const values = parsed.values as Values<typeof daemonOptions, Record<never, never>>
  const [command, ...args] = parsed.rest
  return {
    configFile: values.configFile,
    server: values.server,
    workspaces: values.workspace ?? [],
    lastCompletedAt: values.lastCompletedAt,
    gracePeriodSeconds: Number(values.gracePeriod),
    debug: values.debug,
    help: parsed.stop === 'help',
    version: parsed.stop === 'version',
    command,
    args,
  }
}
