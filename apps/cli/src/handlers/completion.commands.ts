import { completionScript, defineCommand, shells, type DeclaredCommand } from '@debusine-ts/cli-kit'
import { program } from '../program-info.js'

/** `completion SHELL`, for the commands `all()` returns (the whole table, which includes this one). */
export function completionCommand(all: () => readonly DeclaredCommand[]): DeclaredCommand {
  return defineCommand({
    path: ['completion'],
    summary: 'print a shell completion script',
    arguments: { shell: { name: 'SHELL', summary: 'bash, zsh or fish', choices: shells } },
    examples: ['completion bash > ~/.local/share/bash-completion/completions/debusine-ts'],
    python: false,
    offline: true,
    output: 'none',
    // eslint-disable-next-line @typescript-eslint/require-await -- the handler is declared inline, not loaded
    handler:
      async () =>
      (context, { shell }) => {
        context.io.stdout.write(completionScript(shell, program, all()))
        return Promise.resolve(undefined)
      },
  })
}
