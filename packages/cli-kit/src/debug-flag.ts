import type { DeclaredCommand } from './declared-command.js'

/**
 * `argv` with a bare `-d`/`--debug` read as the Python CLI 0.11.3 read it: a flag that prints
 * the HTTP traffic. Today's option takes the subsystems as its value, so a `-d` followed
 * directly by a command word (`debusine -d show-work-request 1`) gets `http` as its value
 * instead of swallowing the command. Only what comes before the command is looked at.
 */
export function withBareDebugFlag(commands: readonly DeclaredCommand[], argv: readonly string[]): string[] {
  const commandWords = new Set(
    commands.flatMap((command) => [command.path[0] ?? '', ...(command.legacy ?? [])]),
  )
  const result: string[] = []
  for (const [index, arg] of argv.entries()) {
    if (commandWords.has(arg)) return [...result, ...argv.slice(index)]
    result.push(arg)
    if ((arg === '-d' || arg === '--debug') && commandWords.has(argv[index + 1] ?? '')) result.push('http')
  }
  return result
}
