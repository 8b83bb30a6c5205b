import type { ProgramInfo } from './program.js'
import { longName, type ArgumentSpec, type CommandInfo, type OptionSpec, type OptionSpecs } from './spec.js'

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

function argumentLabel({ name, nargs }: ArgumentSpec): string {
  const labels = { '?': `[${name}]`, '*': `[${name} ...]`, '+': `${name} [${name} ...]` }
  return nargs === undefined ? name : labels[nargs]
}

/** `usage: PROGRAM GROUP VERB [options] ARGS`. */
export function commandUsage(program: ProgramInfo, spec: CommandInfo): string {
  const labels = Object.values(spec.arguments).map(argumentLabel)
  return `usage: ${program.name} ${spec.path.join(' ')} [options]${labels.map((label) => ` ${label}`).join('')}`
}

/** The help of one command, from its declaration. */
export function commandHelp(program: ProgramInfo, spec: CommandInfo): string {
  const parts = [commandUsage(program, spec), '', spec.summary]
  if (spec.description !== undefined) parts.push('', spec.description)
  const argumentList = Object.values(spec.arguments)
  if (argumentList.length > 0) {
    parts.push('', 'Arguments:', columns(argumentList.map((argument) => [argument.name, argument.summary])))
  }
  parts.push('', 'Options:', columns(optionRows({ ...spec.options, ...program.commonOptions })))
  if (spec.examples !== undefined && spec.examples.length > 0) {
    parts.push('', 'Examples:', ...spec.examples.map((example) => `  ${program.name} ${example}`))
  }
  if (spec.legacy !== undefined && spec.legacy.length > 0) {
    parts.push('', `Deprecated name: ${spec.legacy.join(', ')}`)
  }
  return `${parts.join('\n')}\n`
}

/** The commands under the words `groups`, e.g. `['collection']`. */
export function groupHelp(
  program: ProgramInfo,
  commands: readonly CommandInfo[],
  groups: readonly string[],
): string {
  const rows = commands
    .filter((spec) => groups.every((word, index) => spec.path[index] === word))
    .map((spec): [string, string] => [spec.path.slice(groups.length).join(' '), spec.summary])
  return `usage: ${program.name} ${groups.join(' ')} COMMAND [options]\n\nCommands:\n${columns(rows)}\n`
}

/** The program's help: global options and every command. */
export function programHelp(program: ProgramInfo, commands: readonly CommandInfo[]): string {
  const rows = commands.map((spec): [string, string] => [spec.path.join(' '), spec.summary])
  return [
    `usage: ${program.name} [global options] COMMAND [options] [ARGS]`,
    '',
    program.summary,
    '',
    'Global options:',
    columns(optionRows(program.globalOptions)),
    '',
    'Commands:',
    columns(rows),
    '',
    ...(program.footer === undefined ? [] : [program.footer, '']),
  ].join('\n')
}
