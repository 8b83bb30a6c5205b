import { UsageError } from './usage-error.js'
import { parseCommandLine } from './parser.js'
import type { ProgramInfo } from './program.js'
import type { CommandInfo } from './spec.js'

/** What the words after the global options name: a command and its own words, or a group's help. */
export type Resolution<C extends CommandInfo> =
  | {
      readonly kind: 'command'
      readonly command: C
      readonly tokens: readonly string[]
      /** Named by a legacy flat name (whose program printed YAML by default). */
      readonly legacy?: true
    }
  | { readonly kind: 'help'; readonly group: readonly string[] }

const startsWith = (path: readonly string[], prefix: readonly string[]): boolean =>
  prefix.every((word, index) => path[index] === word)

/**
 * Walk the command words as argparse walks its subparsers: a legacy flat name, or group
 * after group (each taking only `--help`) down to a command.
 *
 * @throws {UsageError} for a word that names no command or group
 */
export function resolveCommand<C extends CommandInfo>(
  program: ProgramInfo,
  commands: readonly C[],
  words: readonly string[],
): Resolution<C> {
  const legacy = commands.find((command) => command.legacy?.includes(words[0] ?? '') === true)
  if (legacy !== undefined) return { kind: 'command', command: legacy, tokens: words.slice(1), legacy: true }
  let path: string[] = []
  let rest = words
  for (;;) {
    const word = rest[0] ?? ''
    const next = [...path, word]
    const command = commands.find(
      (candidate) => candidate.path.length === next.length && startsWith(candidate.path, next),
    )
    if (command !== undefined) return { kind: 'command', command, tokens: rest.slice(1) }
    if (!commands.some((candidate) => startsWith(candidate.path, next))) {
      const choices = [
        ...new Set(commands.filter((c) => startsWith(c.path, path)).map((c) => c.path[path.length]!)),
      ]
      throw new UsageError(
        `argument ${path.length === 0 ? 'SUBCOMMAND' : 'COMMAND'}: invalid choice: '${word}' (choose from ${choices.join(', ')})`,
        path,
      )
    }
    path = next
    const group = parseCommandLine(rest.slice(1), {
      options: { help: program.commonOptions.help },
      arguments: {},
      subcommand: true,
      command: path,
    })
    if (group.stop !== undefined) return { kind: 'help', group: path }
    rest = group.rest
  }
}
