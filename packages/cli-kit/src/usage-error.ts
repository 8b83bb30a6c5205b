/**
 * A mistake on the command line (unknown option, missing argument, bad value): exit
 * code 2, as the Python client's argparse errors.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
  /** The command whose usage to show, as words (empty: the program). */
  readonly command: readonly string[]

  constructor(message: string, command: readonly string[] = []) {
    super(message)
    this.command = command
  }
}
