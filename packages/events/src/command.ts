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
