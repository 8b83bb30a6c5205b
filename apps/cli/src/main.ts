import { runProgram, type Io } from '@debusine-ts/cli-kit'
import { commands } from './command-table.js'
import { program } from './program-info.js'
import { cliVersion } from './version.js'

/**
 * Run the CLI: parse `argv` (without `node` and the script), run the command, print on
 * `io`, and return the exit code (never calls `process.exit`).
 *
 * @example
 * const code = await main(['work-request', 'show', '--yaml', '42'], processIo())
 */
export function main(argv: readonly string[], io: Io): Promise<number> {
  return runProgram(
    { info: program, commands, version: cliVersion, userAgent: () => `debusine-ts-cli/${cliVersion()}` },
    argv,
    io,
  )
}
