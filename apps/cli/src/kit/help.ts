import { commonOptions, globalOptions } from './options.js'
import { longName, type ArgumentSpec, type Command, type OptionSpec, type OptionSpecs } from './spec.js'

const program = 'debusine-ts'

function optionLabel(key: string, option: OptionSpec): string {
  const long = `--${longName(key)}`
  const value =
    option.kind === 'flag' ? '' : ` ${option.valueName ?? 'VALUE'}${option.nargs === '+' ? ' [...]' : ''}`
  return option.short === undefined ? `${long}${value}` : `-${option.short}, ${long}${value}`
}

function optionRows(options: OptionSpecs): [string, string][] {
  return Object.entries(options)
    .filter(([, option]) => option.hidden !== true)
    .map(([key, option]) => [optionLabel(key, option), option.summary])
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

function argumentLabel(argument: ArgumentSpec): string {
  switch (argument.nargs) {
    case undefined:
      return argument.name
    case '?':
      return `[${argument.name}]`
    case '*':
      return `[${argument.name} ...]`
    case '+':
      return `${argument.name} [${argument.name} ...]`
  }
}

/** `usage: debusine-ts GROUP VERB [options] ARGS`. */
export function commandUsage(spec: Command): string {
  const labels = Object.values(spec.arguments).map(argumentLabel)
  return `usage: ${program} ${spec.path.join(' ')} [options]${labels.map((label) => ` ${label}`).join('')}`
}

/** The help of one command, from its declaration. */
export function commandHelp(spec: Command): string {
  const parts = [commandUsage(spec), '', spec.summary]
  if (spec.description !== undefined) parts.push('', spec.description)
  const argumentList = Object.values(spec.arguments)
  if (argumentList.length > 0) {
    parts.push('', 'Arguments:', columns(argumentList.map((argument) => [argument.name, argument.summary])))
  }
  parts.push('', 'Options:', columns(optionRows({ ...spec.options, ...commonOptions })))
  if (spec.examples !== undefined && spec.examples.length > 0) {
    parts.push('', 'Examples:', ...spec.examples.map((example) => `  ${program} ${example}`))
  }
  if (spec.legacy !== undefined && spec.legacy.length > 0) {
    parts.push('', `Deprecated name: ${spec.legacy.join(', ')}`)
  }
  return `${parts.join('\n')}\n`
}

/** The commands under the words `groups`, e.g. `['collection']`. */
export function groupHelp(commands: readonly Command[], groups: readonly string[]): string {
  const rows = commands
    .filter((spec) => groups.every((word, index) => spec.path[index] === word))
    .map((spec): [string, string] => [spec.path.slice(groups.length).join(' '), spec.summary])
  return `usage: ${program} ${groups.join(' ')} COMMAND [options]\n\nCommands:\n${columns(rows)}\n`
}

/** The program's help: global options and every command. */
export function programHelp(commands: readonly Command[]): string {
  const rows = commands.map((spec): [string, string] => [spec.path.join(' '), spec.summary])
  return [
    `usage: ${program} [global options] COMMAND [options] [ARGS]`,
    '',
    'Interact with a Debusine server (a superset of the Python `debusine` client).',
    '',
    'Global options:',
    columns(optionRows(globalOptions)),
    '',
    'Commands:',
    columns(rows),
    '',
    `Every command takes --yaml, --json and --help. Run '${program} COMMAND --help' for its options.`,
    '',
  ].join('\n')
}
