import type { CommandContext } from '../command-context.js'
import { commands } from '../commands.js'
import { completionScript, shells, type Shell } from '../completion.js'
import { UsageError } from '../usage-error.js'

/** `completion bash|zsh|fish`: the script on stdout. */
export function completion(context: CommandContext): Promise<undefined> {
  const shell = context.arguments.SHELL as string
  if (!(shells as readonly string[]).includes(shell)) {
    throw new UsageError(`argument SHELL: invalid choice: '${shell}' (choose from ${shells.join(', ')})`, [
      'completion',
    ])
  }
  context.io.stdout.write(completionScript(shell as Shell, commands))
  return Promise.resolve(undefined)
}
