import { commonOptions, globalOptions, type CommandSpec, type OptionSpec } from './command-spec.js'
import { commands } from './commands.js'

const program = 'debusine-ts'

function optionLabel(option: OptionSpec): string {
  const long = `--${option.name}`
  const value =
    option.kind === 'boolean'
      ? ''
      : ` ${option.valueName ?? 'VALUE'}${option.multiple === 'greedy' ? ' [...]' : ''}`
  return option.short === undefined ? `${long}${value}` : `-${option.short}, ${long}${value}`
}

function columns(rows: readonly (readonly [string, string])[]): string {
  const width = Math.min(32, Math.max(0, ...rows.map(([left]) => left.length)))
  return rows
    .map(([left, right]) =>
      left.length > width
        ? `  ${left}\n  ${' '.repeat(width)}  ${right}`
        : `  ${left.padEnd(width)}  ${right}`,
    )
    .join('\n')
}

function argumentLabel(spec: CommandSpec): string {
  return spec.arguments
    .map((argument) => {
      const name =
        argument.variadic === true || argument.rest === true ? `${argument.name} ...` : argument.name
      return argument.optional === true ? `[${name}]` : name
    })
    .join(' ')
}

/** `usage: debusine-ts GROUP VERB [options] ARGS`. */
export function commandUsage(spec: CommandSpec): string {
  return `usage: ${program} ${spec.path.join(' ')} [options]${spec.arguments.length > 0 ? ` ${argumentLabel(spec)}` : ''}`
}

/** The help of one command, from its declaration. */
export function commandHelp(spec: CommandSpec): string {
  const parts = [commandUsage(spec), '', spec.summary]
  if (spec.description !== undefined) parts.push('', spec.description)
  if (spec.arguments.length > 0) {
    parts.push('', 'Arguments:', columns(spec.arguments.map((argument) => [argument.name, argument.summary])))
  }
  const options = [...spec.options, ...commonOptions].filter((option) => option.hidden !== true)
  parts.push('', 'Options:', columns(options.map((option) => [optionLabel(option), option.summary])))
  if (spec.examples !== undefined && spec.examples.length > 0) {
    parts.push('', 'Examples:', ...spec.examples.map((example) => `  ${program} ${example}`))
  }
  if (spec.legacy !== undefined && spec.legacy.length > 0) {
    parts.push('', `Deprecated name: ${spec.legacy.join(', ')}`)
  }
  return `${parts.join('\n')}\n`
}

/** The commands under the words `groups`, e.g. `['collection']`. */
export function groupHelp(groups: readonly string[]): string {
  const rows = commands
    .filter((spec) => groups.every((word, index) => spec.path[index] === word))
    .map((spec): [string, string] => [spec.path.slice(groups.length).join(' '), spec.summary])
  return `usage: ${program} ${groups.join(' ')} COMMAND [options]\n\nCommands:\n${columns(rows)}\n`
}

/** The program's help: global options and every command. */
export function programHelp(): string {
  const rows = commands.map((spec): [string, string] => [spec.path.join(' '), spec.summary])
  return [
    `usage: ${program} [global options] COMMAND [options] [ARGS]`,
    '',
    'Interact with a Debusine server (a superset of the Python `debusine` client).',
    '',
    'Global options:',
    columns(globalOptions.map((option) => [optionLabel(option), option.summary])),
    '',
    'Commands:',
    columns(rows),
    '',
    `Every command takes --yaml, --json and --help. Run '${program} COMMAND --help' for its options.`,
    '',
  ].join('\n')
}
