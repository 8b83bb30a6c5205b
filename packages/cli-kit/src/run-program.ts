import type { OutputFormat } from './command-context.js'
import { createContext } from './create-context.js'
import type { DeclaredCommand } from './declared-command.js'
import { reportError } from './error-report.js'
import { exitCodes } from './exit-codes.js'
import { commandHelp, commandUsage, groupHelp, programHelp } from './help.js'
import { ProcessInterrupt } from './interrupts.js'
import type { Io } from './io.js'
import type { ProgramInfo } from './program.js'
import { type CommandLine, leadingGlobals, readCommandLine } from './read-command-line.js'
import { UsageError } from './usage-error.js'

/** A program built on the kit: what it is, its commands, and what it says it is. */
export interface Program {
  /** Its name, summary, options and footer, for help and completion. */
  readonly info: ProgramInfo
  /** Every command, in the order of help. */
  readonly commands: readonly DeclaredCommand[]
  /** Its version, printed by `--version`. */
  readonly version: () => string
  /** The `User-Agent` of its requests to the server, e.g. `debusine-ts-cli/1.2.0`. */
  readonly userAgent: () => string
}

/** The usage line of the command a usage error is about. */
function usageOf(program: Program, error: unknown): string | undefined {
  if (!(error instanceof UsageError)) return undefined
  const path = error.command.join(' ')
  const command = program.commands.find((candidate) => candidate.path.join(' ') === path)
  return command === undefined
    ? `usage: ${program.info.name} ${path === '' ? '[global options]' : path} COMMAND [options] [ARGS]`
    : commandUsage(program.info, command)
}

/**
 * The operation stopped because of SIGINT/SIGTERM, whatever error that made: one line on
 * stderr saying what it left on the server, nothing on stdout, 130 or 143 (never 0).
 */
async function reportInterrupt(io: Io, interrupt: ProcessInterrupt): Promise<number> {
  const line = (await io.interrupts?.finalLine()) ?? `interrupted (${interrupt.signalName})`
  io.interrupts?.finished()
  io.stderr.write(`${line}\n`)
  return interrupt.exitCode
}

/** What a command line that asks for the version or for help prints. */
function answerText(program: Program, line: Exclude<CommandLine, { kind: 'run' }>): string {
  const { info, commands } = program
  switch (line.kind) {
    case 'version':
      return `${info.name} ${program.version()}\n`
    case 'program-help':
      return programHelp(info, commands)
    case 'group-help':
      return groupHelp(info, commands, line.group)
    case 'command-help':
      return commandHelp(info, line.command)
  }
}

/**
 * Run a program: parse `argv` (without `node` and the script) as argparse would, run the
 * command with a {@link CommandContext}, print on `io`, and return the exit code (never
 * calls `process.exit`). Every error becomes output and an exit code in one place
 * ({@link reportError}).
 *
 * @example
 * const code = await runProgram(program, ['work-request', 'show', '--yaml', '42'], processIo())
 */
export async function runProgram(program: Program, argv: readonly string[], io: Io): Promise<number> {
  const { info, commands } = program
  const controller = new AbortController()
  const signal = io.signal === undefined ? controller.signal : AbortSignal.any([io.signal, controller.signal])
  let format: OutputFormat = 'human'
  let debug = leadingGlobals(info, argv).debug.length > 0
  try {
    const line = readCommandLine(info, commands, argv)
    if (line.kind !== 'run') {
      io.stdout.write(answerText(program, line))
      return exitCodes.success
    }
    const { command, values, global, legacy } = line
    debug = global.debug.length > 0
    if (values.yaml === true && values.json === true) {
      throw new UsageError('argument --json: not allowed with argument --yaml', command.path)
    }
    format = values.json === true ? 'json' : values.yaml === true || legacy ? 'yaml' : 'human'
    const userAgent = program.userAgent()
    const context = createContext({
      io,
      path: command.path,
      output: command.output,
      global,
      format,
      legacy,
      signal,
      userAgent,
    })
    // A command that returns completed its operation, even if a signal came meanwhile.
    const code = (await command.run(context, values)) ?? exitCodes.success
    io.interrupts?.finished()
    return code
  } catch (error) {
    if (signal.reason instanceof ProcessInterrupt) return await reportInterrupt(io, signal.reason)
    const usage = usageOf(program, error)
    io.interrupts?.finished()
    return await reportError(error, {
      programName: info.name,
      io,
      format,
      debug,
      usage,
      interrupted: signal.aborted,
    })
  }
}
