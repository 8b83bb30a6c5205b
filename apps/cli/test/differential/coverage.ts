import type { PythonCommand } from './python-parser.js'

/** Which commands and options of the Python CLI a set of command lines exercises. */
export interface Coverage {
  /** Every item: `COMMAND WORDS` (commands, legacy names included), `COMMAND WORDS --option`, `--global-option`. */
  readonly items: readonly string[]
  /** The items no command line exercises. */
  readonly uncovered: readonly string[]
}

/** A global option of the Python CLI: its spellings, and whether it takes a value. */
export interface GlobalOption {
  readonly strings: readonly string[]
  readonly takesValue: boolean
}

const isPrefix = (path: readonly string[], words: readonly string[]): boolean =>
  path.every((word, index) => words[index] === word)

function optionName(strings: readonly string[]): string {
  return strings.find((string) => string.startsWith('--')) ?? strings[0] ?? ''
}

/** The tokens of `argv` that name an option (`--name=value` counts as `--name`). */
function optionTokens(argv: readonly string[]): Set<string> {
  return new Set(argv.map((token) => (token.startsWith('--') ? token.split('=')[0]! : token)))
}

/** Skip the global options before the command words (Python takes them there only). */
function commandWords(argv: readonly string[], globals: readonly GlobalOption[]): readonly string[] {
  let index = 0
  while (index < argv.length) {
    const option = globals.find((global) => global.strings.includes(argv[index]!.split('=')[0]!))
    if (option === undefined) break
    index += option.takesValue && !argv[index]!.includes('=') ? 2 : 1
  }
  return argv.slice(index)
}

/**
 * The coverage of `commands` (the Python CLI's own parser, `python-argparse.py`) by the
 * command lines `argvs`: a command is covered when a line runs it, an option when a line of
 * that command spells it, a global option when a line spells it. A legacy flat name is an
 * item of its own, its options are those of the command it stands for.
 */
export function coverageOf(
  commands: readonly PythonCommand[],
  argvs: readonly (readonly string[])[],
  globals: readonly GlobalOption[],
  legacyNames: ReadonlySet<string>,
): Coverage {
  const items: string[] = []
  const covered = new Set<string>()
  for (const command of commands) {
    const name = command.path.join(' ')
    items.push(name)
    if (legacyNames.has(name)) continue
    for (const action of command.actions)
      if (action.strings.length > 0) items.push(`${name} ${optionName(action.strings)}`)
  }
  for (const global of globals) items.push(optionName(global.strings))
  for (const argv of argvs) {
    const tokens = optionTokens(argv)
    for (const global of globals)
      if (global.strings.some((string) => tokens.has(string))) covered.add(optionName(global.strings))
    const words = commandWords(argv, globals)
    const command = commands
      .filter((candidate) => isPrefix(candidate.path, words))
      .sort((a, b) => b.path.length - a.path.length)[0]
    if (command === undefined) continue
    const name = command.path.join(' ')
    covered.add(name)
    for (const action of command.actions) {
      if (action.strings.some((string) => tokens.has(string)))
        covered.add(`${name} ${optionName(action.strings)}`)
    }
  }
  return { items, uncovered: items.filter((item) => !covered.has(item)) }
}
