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

/** A bad command line; the message says what is wrong. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

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
2 usage, 3 configuration, 4 token refused.
`

/**
 * Parse the daemon's arguments: options first, then COMMAND and its ARGS (everything after
 * the first non-option, or after `--`, belongs to the command).
 *
 * @throws {UsageError} for an unknown option or a missing value
 */
export function parseArguments(argv: readonly string[]): DaemonArguments {
  const parsed: DaemonArguments = {
    configFile: undefined,
    server: undefined,
    workspaces: [],
    lastCompletedAt: undefined,
    gracePeriodSeconds: 30,
    debug: false,
    help: false,
    version: false,
    command: undefined,
    args: [],
  }
  let index = 0
  const value = (option: string): string => {
    const next = argv[index + 1]
    if (next === undefined) throw new UsageError(`${option} needs a value`)
    index += 1
    return next
  }
  for (; index < argv.length; index += 1) {
    const argument = argv[index] ?? ''
    const [option, inline] =
      argument.startsWith('--') && argument.includes('=')
        ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
        : [argument, undefined]
    const take = (): string => inline ?? value(option)
    if (option === '--') {
      index += 1
      break
    }
    if (!option.startsWith('-') || option === '-') break
    switch (option) {
      case '--config-file':
        parsed.configFile = take()
        break
      case '--server':
        parsed.server = take()
        break
      case '-w':
      case '--workspace':
        parsed.workspaces.push(take())
        break
      case '--last-completed-at':
        parsed.lastCompletedAt = take()
        break
      case '--grace-period': {
        const text = take()
        const seconds = Number(text)
        if (!(text.trim() !== '' && seconds >= 0 && Number.isFinite(seconds))) {
          throw new UsageError(`--grace-period expects a number of seconds, got ${JSON.stringify(text)}`)
        }
        parsed.gracePeriodSeconds = seconds
        break
      }
      case '--debug':
        parsed.debug = true
        break
      case '--help':
      case '-h':
        parsed.help = true
        break
      case '--version':
        parsed.version = true
        break
      default:
        throw new UsageError(`unknown option ${option}`)
    }
  }
  const [command, ...args] = argv.slice(index)
  parsed.command = command
  parsed.args = args
  if (!parsed.help && !parsed.version && parsed.command === undefined)
    throw new UsageError('COMMAND is missing')
  return parsed
}
