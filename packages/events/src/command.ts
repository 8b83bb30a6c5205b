import { spawn, type StdioOptions } from 'node:child_process'
import { access, constants, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, join, resolve } from 'node:path'
import { SdkError } from '@debusine-ts/models'

/** The command to run for each completion is missing or not executable. Not retryable. */
export class CommandNotFoundError extends SdkError {
  static override readonly errorName: string = 'CommandNotFoundError'

  /** The command as given. */
  readonly command: string

  constructor(command: string) {
    super(
      `The command ${JSON.stringify(command)} is not an executable file` +
        (command.includes('/') ? '' : ' found on PATH'),
      'command_not_found',
    )
    this.command = command
  }
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK)
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/**
 * Check that `command` can be run: a path (with a `/`) to an executable file, relative to
 * `workingDirectory`, or the name of one on `PATH`. Returns the file found.
 *
 * @throws {CommandNotFoundError} when it cannot
 */
export async function findCommand(
  command: string,
  workingDirectory: string,
  pathVariable = process.env.PATH ?? '',
): Promise<string> {
  if (command.includes('/')) {
    const file = isAbsolute(command) ? command : resolve(workingDirectory, command)
    if (await isExecutableFile(file)) return file
    throw new CommandNotFoundError(command)
  }
  for (const directory of pathVariable.split(delimiter)) {
    if (directory === '') continue
    const file = join(resolve(workingDirectory, directory), command)
    if (await isExecutableFile(file)) return file
  }
  throw new CommandNotFoundError(command)
}

/** How a command ended. */
export interface CommandOutcome {
  /** The exit status; `null` when a signal ended it or it did not start. */
  exitCode: number | null
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null
  /** Why it did not start, if it did not. */
  error: Error | undefined
}

/** What {@link runCommand} needs. */
export interface RunCommandOptions {
  workingDirectory: string
  stdio: StdioOptions
  env: NodeJS.ProcessEnv
  /** Once aborted, the command has `graceMs` to finish, then gets SIGTERM, then SIGKILL 5 s later. */
  cancel: AbortSignal
  graceMs: number
}

/** Run a command and wait for it to end, without a shell (arguments are passed as they are). */
export function runCommand(
  command: string,
  argv: readonly string[],
  options: RunCommandOptions,
): Promise<CommandOutcome & { cancelled: boolean }> {
  return new Promise((resolvePromise) => {
    let cancelled = false
    const timers: ReturnType<typeof setTimeout>[] = []
    const child = spawn(command, argv, {
      cwd: options.workingDirectory,
      stdio: options.stdio,
      env: options.env,
    })
    const onCancel = (): void => {
      timers.push(
        setTimeout(() => {
          cancelled = true
          child.kill('SIGTERM')
          timers.push(setTimeout(() => child.kill('SIGKILL'), 5_000))
        }, options.graceMs),
      )
    }
    if (options.cancel.aborted) onCancel()
    else options.cancel.addEventListener('abort', onCancel, { once: true })
    const finish = (outcome: CommandOutcome): void => {
      options.cancel.removeEventListener('abort', onCancel)
      for (const timer of timers) clearTimeout(timer)
      resolvePromise({ ...outcome, cancelled })
    }
    child.once('error', (error) => finish({ exitCode: null, signal: null, error }))
    child.once('close', (exitCode, signal) => finish({ exitCode, signal, error: undefined }))
  })
}
