/**
 * A problem the user can fix (bad config, missing file, a precondition of a command):
 * printed as its message and hint, exit code 3 as the Python client's handled errors.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  /** What to do about it, printed after the message. */
  readonly hint: string | undefined
  /** The exit code; default 3. */
  readonly exitCode: number

  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.hint = options.hint
    this.exitCode = options.exitCode ?? 3
  }
}

/**
 * A failure already printed in the form the Python client uses for it (a YAML document on
 * stderr): the error printer only returns its exit code.
 */
export class ReportedFailure extends Error {
  override readonly name = 'ReportedFailure'
  /** The exit code. */
  readonly exitCode: number

  constructor(exitCode: number, options: { cause?: unknown } = {}) {
    super('failure already reported', options)
    this.exitCode = exitCode
  }
}
