import { parseCommandLine, type OptionSpecs, type Values } from '@debusine-ts/cli-kit'
import { parseHealthAddress, type HealthAddress } from './health-server.js'

/** The daemon's command line, parsed. */
export interface DaemonArguments {
  configFile: string | undefined
  server: string | undefined
  workspaces: string[]
  lastCompletedAt: string | undefined
  gracePeriodSeconds: number
  /** Commands run at once (`--jobs`). */
  jobs: number
  /** Completions that may wait for a free slot (`--queue-limit`). */
  queueLimit: number
  /** Time limit of one run of the command (`--command-timeout`); none when undefined. */
  commandTimeoutSeconds: number | undefined
  /** Between SIGTERM and SIGKILL (`--kill-after`). */
  killAfterSeconds: number
  /** Further attempts after a failed or timed-out run (`--retries`). */
  retries: number
  /** The first wait before a retry (`--retry-delay`). */
  retryDelaySeconds: number
  /** Where `/healthz` and `/readyz` are served (`--health`). */
  health: HealthAddress | undefined
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

function checkPositiveSeconds(text: string): string | undefined {
  return checkSeconds(text) ?? (Number(text) > 0 ? undefined : `expects more than 0 seconds, got ${text}`)
}

function checkCount(minimum: number) {
  return (text: string): string | undefined =>
    /^\d+$/.test(text.trim()) && Number(text) >= minimum
      ? undefined
      : `expects a whole number of at least ${minimum}, got ${JSON.stringify(text)}`
}

function checkHealth(text: string): string | undefined {
  return parseHealthAddress(text) === undefined
    ? `expects PORT, HOST:PORT or [IPv6]:PORT, got ${JSON.stringify(text)}`
    : undefined
}

const daemonOptions = {
  configFile: { kind: 'string', valueName: 'PATH', summary: 'client configuration' },
  server: { kind: 'string', valueName: 'NAME', summary: 'server section, or FQDN/SCOPE' },
  workspace: { kind: 'string', short: 'w', append: true, valueName: 'NAME', summary: 'only this workspace' },
  lastCompletedAt: { kind: 'string', valueName: 'FILE', summary: 'the latest completion handled' },
  gracePeriod: { kind: 'string', valueName: 'SECONDS', default: '30', check: checkSeconds, summary: 'grace' },
  jobs: { kind: 'string', short: 'j', valueName: 'N', default: '1', check: checkCount(1), summary: 'jobs' },
  queueLimit: { kind: 'string', valueName: 'N', default: '1000', check: checkCount(1), summary: 'queue' },
  commandTimeout: { kind: 'string', valueName: 'SECONDS', check: checkPositiveSeconds, summary: 'timeout' },
  killAfter: { kind: 'string', valueName: 'SECONDS', default: '5', check: checkSeconds, summary: 'kill' },
  retries: { kind: 'string', valueName: 'N', default: '0', check: checkCount(0), summary: 'retries' },
  retryDelay: {
    kind: 'string',
    valueName: 'SECONDS',
    default: '5',
    check: checkPositiveSeconds,
    summary: 'delay',
  },
  health: { kind: 'string', valueName: 'ADDRESS', check: checkHealth, summary: 'health endpoint' },
  debug: { kind: 'flag', summary: 'log debug lines too' },
  version: { kind: 'flag', summary: 'print the version' },
  help: { kind: 'flag', short: 'h', summary: 'print this help' },
} as const satisfies OptionSpecs

/** The text of `--help`. */
export const usage = `Usage: debusine-ts-daemon [options] COMMAND [ARGS...]

Runs COMMAND ARGS... <work request id> <result> for each work request completion
announced by the Debusine server (in the current directory), once per completion.

Options:
  --config-file PATH        client configuration (default ~/.config/debusine/client/config.ini)
  --server NAME             server section, or FQDN/SCOPE (default: $DEBUSINE_SERVER_NAME,
                            then [General] default-server)
  -w, --workspace NAME      only completions in this workspace (repeatable; default all)
  --last-completed-at FILE  record what finished (and FILE.in-flight); replay from it at start
  --grace-period SECONDS    how long running commands may finish at shutdown (default 30)
  -j, --jobs N              run up to N commands at once (default 1)
  --queue-limit N           completions waiting for a free slot (default 1000); beyond,
                            they are let go and the server replays them once there is room
  --command-timeout SECONDS stop a command running longer (SIGTERM; default no limit)
  --kill-after SECONDS      SIGKILL a stopped command still running after this (default 5)
  --retries N               run a failed or timed-out command again up to N times
                            (default 0: the completion is recorded as done anyway)
  --retry-delay SECONDS     first wait before a retry, doubled each time, with jitter (default 5)
  --health ADDRESS          serve /healthz and /readyz on PORT, HOST:PORT or [IPv6]:PORT
                            (host default 127.0.0.1)
  --debug                   log debug lines too
  --version                 print the version
  --help                    print this help

Logs are JSON lines on stderr. SIGHUP re-reads the configuration file (token, server).
Exit status: 0 stopped by SIGINT/SIGTERM, 1 failure, 2 usage, 3 configuration,
5 token refused.
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
    jobs: Number(values.jobs),
    queueLimit: Number(values.queueLimit),
    commandTimeoutSeconds: values.commandTimeout === undefined ? undefined : Number(values.commandTimeout),
    killAfterSeconds: Number(values.killAfter),
    retries: Number(values.retries),
    retryDelaySeconds: Number(values.retryDelay),
    health: values.health === undefined ? undefined : parseHealthAddress(values.health),
    debug: values.debug,
    help: parsed.stop === 'help',
    version: parsed.stop === 'version',
    command,
    args,
  }
}
