import { leadingGlobals, readCommandLine } from './command-line.js'
import { commands } from './command-table.js'
import { reportError } from './error-report.js'
import {
  exitCodes,
  commandHelp,
  commandUsage,
  groupHelp,
  programHelp,
  UsageError,
} from '@debusine-ts/client/command-line'
import type { Io } from './io.js'
import type { OutputFormat } from './kit/context.js'
import { createContext } from './kit/create-context.js'
import { program } from './kit/options.js'
import { cliVersion } from './version.js'

/** The usage line of the command a usage error is about. */
function usageOf(error: unknown): string | undefined {
  if (!(error instanceof UsageError)) return undefined
  const path = error.command.join(' ')
  const command = commands.find((candidate) => candidate.path.join(' ') === path)
  return command === undefined
    ? `usage: debusine-ts ${path === '' ? '[global options]' : path} COMMAND [options] [ARGS]`
    : commandUsage(program, command)
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
  let debug = leadingGlobals(argv).debug.length > 0
  try {
    const line = readCommandLine(argv)
    switch (line.kind) {
      case 'version':
        io.stdout.write(`debusine-ts ${cliVersion()}\n`)
        return exitCodes.success
      case 'program-help':
        io.stdout.write(programHelp(program, commands))
        return exitCodes.success
      case 'group-help':
        io.stdout.write(groupHelp(program, commands, line.group))
        return exitCodes.success
      case 'command-help':
        io.stdout.write(commandHelp(program, line.command))
        return exitCodes.success
      case 'run':
        break
    }
    const { command, values, global } = line
    debug = global.debug.length > 0
    if (values.yaml === true && values.json === true) {
      throw new UsageError('argument --json: not allowed with argument --yaml', command.path)
    }
    format = values.json === true ? 'json' : values.yaml === true ? 'yaml' : 'human'
    const context = createContext({ io, path: command.path, output: command.output, global, format, signal })
    return (await command.run(context, values)) ?? exitCodes.success
  } catch (error) {
    return reportError(error, { io, format, debug, usage: usageOf(error), interrupted: signal.aborted })
  }
}
