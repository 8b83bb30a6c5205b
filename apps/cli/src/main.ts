import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { ConfiguredServer, DebusineClient } from '@debusine-ts/client'
import { CliError } from './cli-error.js'
import type { CommandContext, GlobalOptions, OutputFormat, Printable } from './command-context.js'
import { commonOptions, globalOptions, type CommandSpec } from './command-spec.js'
import { commands, findCommand, groupsOf } from './commands.js'
import { reportError } from './error-report.js'
import { exitCodes } from './exit-codes.js'
import { commandHelp, commandUsage, groupHelp, programHelp } from './help.js'
import type { Io } from './io.js'
import { parseArguments } from './parser.js'
import { UsageError } from './usage-error.js'
import type * as YamlOutput from './yaml-output.js'
import { cliVersion } from './version.js'

function readStream(stream: Io['stdin']): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)))
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    stream.on('error', reject)
  })
}

function globalsFrom(values: Readonly<Record<string, unknown>>): GlobalOptions {
  const debug = typeof values.debug === 'string' ? values.debug.split(',').map((name) => name.trim()) : []
  return {
    server: values.server as string | undefined,
    scope: values.scope as string | undefined,
    configFile: values['config-file'] as string | undefined,
    silent: values.silent === true,
    debug: debug.filter((name) => name !== ''),
  }
}

function createContext(
  io: Io,
  command: CommandSpec,
  parsed: ReturnType<typeof parseArguments>,
  global: GlobalOptions,
  format: OutputFormat,
  signal: AbortSignal,
): CommandContext {
  let serverPromise: Promise<ConfiguredServer> | undefined
  let clientPromise: Promise<DebusineClient> | undefined
  let dataFromStdin = false
  const options = parsed.options
  const debugHttp = global.debug.includes('http') || global.debug.includes('all')
  // The client package (and the config reader in it) loads only when a command needs the server.
  const server = (): Promise<ConfiguredServer> =>
    (serverPromise ??= import('@debusine-ts/client').then(({ readClientConfig }) =>
      readClientConfig({
        server: global.server,
        scope: global.scope,
        configFile: global.configFile,
        env: io.env,
      }),
    ))
  const context: CommandContext = {
    io,
    command,
    options,
    arguments: parsed.arguments,
    global,
    format,
    signal,
    server,
    client: () =>
      (clientPromise ??= (async () => {
        const settings = await server()
        const { DebusineClient } = await import('@debusine-ts/client')
        const log =
          (level: string) =>
          (message: string, fields?: Readonly<Record<string, unknown>>): void => {
            io.stderr.write(
              `[${level}] ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}\n`,
            )
          }
        return new DebusineClient({
          apiUrl: settings.apiUrl,
          token: settings.token,
          scope: settings.scope,
          workspace: settings.defaultWorkspace,
          timeout: settings.timeoutMs,
          userAgent: `debusine-ts-cli/${cliVersion()}`,
          logger: debugHttp
            ? { debug: log('debug'), info: log('info'), warn: log('warning'), error: log('error') }
            : {
                debug: () => undefined,
                info: () => undefined,
                warn: global.silent ? () => undefined : log('warning'),
                error: log('error'),
              },
        })
      })()),
    workspace: async () => context.string('workspace') ?? (await server()).defaultWorkspace,
    string: (name) => {
      const value = options[name]
      return typeof value === 'string' ? value : undefined
    },
    strings: (name) => {
      const value = options[name]
      return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
    },
    integer: (name) => {
      const value = options[name]
      return typeof value === 'number' ? value : undefined
    },
    flag: (name) => options[name] === true,
    readData: async (required) => {
      const source = context.string('data') ?? (required ? '-' : undefined)
      if (source === undefined) return {}
      let text: string
      if (source === '-') {
        dataFromStdin = true
        if (io.stdin.isTTY === true) {
          io.stderr.write('Enter the YAML data, then Ctrl-D on an empty line:\n')
        }
        text = await readStream(io.stdin)
      } else {
        try {
          text = await readFile(resolve(io.cwd, source), 'utf8')
        } catch (error) {
          throw new UsageError(
            `argument --data: can't open '${source}': ${(error as Error).message}`,
            command.path,
          )
        }
      }
      const { parse } = await import('yaml')
      let value: unknown
      try {
        value = parse(text)
      } catch (error) {
        throw new CliError(
          `Invalid YAML in ${source === '-' ? 'standard input' : source}: ${(error as Error).message}`,
        )
      }
      if (value === null || value === undefined) return {}
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new CliError(
          `Error parsing YAML: the data must be a mapping (dictionary), got ${JSON.stringify(value)}`,
        )
      }
      return value as Record<string, unknown>
    },
    print: (result: Printable) => {
      if (format === 'json') {
        io.stdout.write(`${JSON.stringify(result.json, null, 2)}\n`)
        return
      }
      if (format === 'yaml' || command.output === 'yaml' || result.human === undefined) {
        printYaml(io, result.yaml ?? result.json, dataFromStdin)
        return
      }
      io.stdout.write(result.human())
    },
    feedback: (text) => {
      if (!global.silent) io.stderr.write(`${text}\n`)
    },
    warn: (text) => {
      io.stderr.write(`Warning: ${text}\n`)
    },
    webUrl: async (path) => (await context.client()).webuiUrl(path),
  }
  return context
}

let yamlModule: typeof YamlOutput | undefined

function printYaml(io: Io, value: unknown, afterStdin: boolean): void {
  if (yamlModule === undefined) throw new Error('internal: YAML output used before it was loaded')
  if (afterStdin) io.stdout.write('---\n')
  io.stdout.write(yamlModule.toYaml(value))
}

/**
 * Run the CLI: parse `argv` (without `node` and the script), run the command, print on
 * `io`, and return the exit code (never calls `process.exit`).
 *
 * @example
 * const code = await main(['work-request', 'show', '--yaml', '42'], processIo())
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const controller = new AbortController()
  const signal = io.signal === undefined ? controller.signal : AbortSignal.any([io.signal, controller.signal])
  let format: OutputFormat = 'human'
  let debug = false
  let usage: string | undefined
  try {
    const globals = parseArguments(argv, globalOptions, [], { stopAtPositional: true })
    const global = globalsFrom(globals.options)
    debug = global.debug.length > 0
    if (globals.options.version === true) {
      io.stdout.write(`debusine-ts ${cliVersion()}\n`)
      return exitCodes.success
    }
    const rest = globals.rest
    if (rest.length === 0) {
      if (globals.options.help === true) {
        io.stdout.write(programHelp())
        return exitCodes.success
      }
      io.stderr.write(programHelp())
      throw new UsageError('the following arguments are required: SUBCOMMAND')
    }
    const found = findCommand(rest)
    if (found === undefined) {
      const groups = groupsOf(rest)
      if (groups !== undefined) {
        const wantsHelp = rest.slice(groups.length).some((word) => word === '--help' || word === '-h')
        if (wantsHelp || rest.length === groups.length) {
          ;(wantsHelp ? io.stdout : io.stderr).write(groupHelp(groups))
          if (wantsHelp) return exitCodes.success
          throw new UsageError(`${groups.join(' ')}: a command is required`, groups)
        }
        throw new UsageError(`${groups.join(' ')}: invalid choice: '${rest[groups.length]!}'`, groups)
      }
      throw new UsageError(`argument SUBCOMMAND: invalid choice: '${rest[0]!}'`)
    }
    const { command, consumed, legacy } = found
    usage = commandUsage(command)
    const allOptions = [
      ...command.options,
      ...commonOptions,
      // Global options are accepted after the command too (the Python client wants them first).
      ...globalOptions.filter(
        (option) =>
          option.name !== 'help' &&
          !command.options.some(
            (o) => o.name === option.name || (o.short !== undefined && o.short === option.short),
          ),
      ),
    ]
    const commandArgv = rest.slice(consumed)
    const endOfOptions = commandArgv.indexOf('--')
    const beforeEnd = endOfOptions === -1 ? commandArgv : commandArgv.slice(0, endOfOptions)
    // Help wins over missing arguments, as argparse (but not inside a command line to run).
    if (
      !command.arguments.some((argument) => argument.rest === true) &&
      beforeEnd.some((word) => word === '--help' || word === '-h')
    ) {
      io.stdout.write(commandHelp(command))
      return exitCodes.success
    }
    const parsed = parseArguments(commandArgv, allOptions, command.arguments, { command: command.path })
    if (parsed.options.help === true) {
      io.stdout.write(commandHelp(command))
      return exitCodes.success
    }
    const merged = globalsFrom({ ...globals.options, ...parsed.options })
    debug = merged.debug.length > 0
    if (parsed.options.yaml === true && parsed.options.json === true) {
      throw new UsageError('argument --json: not allowed with argument --yaml', command.path)
    }
    format = parsed.options.json === true ? 'json' : parsed.options.yaml === true ? 'yaml' : 'human'
    if (legacy !== undefined && !merged.silent) {
      io.stderr.write(`Warning: '${legacy}' is deprecated; use '${command.path.join(' ')}' instead.\n`)
    }
    if (format !== 'json') yamlModule = await import('./yaml-output.js')
    const context = createContext(io, command, parsed, merged, format, signal)
    const handler = await command.load()
    const code = await handler(context)
    return code ?? exitCodes.success
  } catch (error) {
    return reportError(error, { io, format, debug, usage, interrupted: signal.aborted })
  }
}

export { commands }
