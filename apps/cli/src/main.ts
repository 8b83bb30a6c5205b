import { commands } from './command-table.js'
import { reportError } from './error-report.js'
import { exitCodes } from './exit-codes.js'
import type { Io } from './io.js'
import type { GlobalOptions, OutputFormat } from './kit/context.js'
import { createContext } from './kit/create-context.js'
import { commandHelp, commandUsage, groupHelp, programHelp } from './kit/help.js'
import { commonOptions, globalOptions } from './kit/options.js'
import { parseCommandLine } from './kit/parser.js'
import { resolveCommand } from './kit/resolve-command.js'
import type { Command, OptionSpec, OptionSpecs } from './kit/spec.js'
import { UsageError } from './usage-error.js'
import { cliVersion } from './version.js'

function globalsFrom(values: Readonly<Record<string, unknown>>): GlobalOptions {
  const text = (key: string): string | undefined => {
    const value = values[key]
    return typeof value === 'string' ? value : undefined
  }
  return {
    server: text('server'),
    scope: text('scope'),
    configFile: text('configFile'),
    silent: values.silent === true,
    debug: (text('debug') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  }
}

/**
 * Options of a command line: the command's and `--yaml`/`--help` (abbreviable, as argparse),
 * then `--json` and the global options, which debusine-ts also takes after the command
 * (matched only in full, so they never make an abbreviation of the Python CLI ambiguous).
 */
function optionsOf(command: Command): { options: OptionSpecs; exactOptions: OptionSpecs } {
  const names = (key: string, spec: OptionSpec): string[] =>
    spec.short === undefined ? [key] : [key, `-${spec.short}`]
  const taken = new Set(Object.entries(command.options).flatMap(([key, spec]) => names(key, spec)))
  const all: OptionSpecs = globalOptions
  const globals = Object.entries(all).filter(
    ([key, spec]) => key !== 'help' && key !== 'version' && !names(key, spec).some((name) => taken.has(name)),
  )
  return {
    options: { ...command.options, yaml: commonOptions.yaml, help: commonOptions.help },
    exactOptions: { json: commonOptions.json, ...Object.fromEntries(globals) },
  }
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
    const top = parseCommandLine(argv, {
      options: globalOptions,
      arguments: {},
      subcommand: true,
      command: [],
    })
    debug = globalsFrom(top.values).debug.length > 0
    if (top.stop === 'version') {
      io.stdout.write(`debusine-ts ${cliVersion()}\n`)
      return exitCodes.success
    }
    if (top.stop === 'help') {
      io.stdout.write(programHelp(commands))
      return exitCodes.success
    }
    const resolved = resolveCommand(commands, top.rest)
    if (resolved.kind === 'help') {
      io.stdout.write(groupHelp(commands, resolved.group))
      return exitCodes.success
    }
    const { command, tokens } = resolved
    usage = commandUsage(command)
    const parsed = parseCommandLine(tokens, {
      ...optionsOf(command),
      arguments: command.arguments,
      command: command.path,
    })
    if (parsed.stop !== undefined) {
      io.stdout.write(commandHelp(command))
      return exitCodes.success
    }
    const given = Object.fromEntries(
      Object.entries(parsed.values).filter(([, value]) => value !== undefined && value !== false),
    )
    const global = globalsFrom({ ...top.values, ...given })
    debug = global.debug.length > 0
    if (parsed.values.yaml === true && parsed.values.json === true) {
      throw new UsageError('argument --json: not allowed with argument --yaml', command.path)
    }
    format = parsed.values.json === true ? 'json' : parsed.values.yaml === true ? 'yaml' : 'human'
    const context = createContext({ io, path: command.path, output: command.output, global, format, signal })
    return (await command.run(context, parsed.values)) ?? exitCodes.success
  } catch (error) {
    return reportError(error, { io, format, debug, usage, interrupted: signal.aborted })
  }
}
