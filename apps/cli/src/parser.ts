import type { ArgumentSpec, OptionSpec } from './command-spec.js'
import { UsageError } from './usage-error.js'

/** The value of one option after parsing. */
export type OptionValue = boolean | string | number | string[] | number[]

/** What {@link parseArguments} found. */
export interface ParsedArguments {
  /** Option values by long name; options not given are absent. */
  readonly options: Readonly<Record<string, OptionValue>>
  /** Positional arguments by name (variadic ones as arrays). */
  readonly arguments: Readonly<Record<string, string | string[] | number | undefined>>
  /** Positionals in order, as given. */
  readonly positionals: readonly string[]
}

/** How {@link parseArguments} reads a command line. */
export interface ParseSettings {
  /** The command's words, for usage errors. */
  readonly command?: readonly string[]
  /** Stop at the first positional and return the rest unparsed (global options). */
  readonly stopAtPositional?: boolean
}

function isOptionToken(token: string): boolean {
  return token.length > 1 && token.startsWith('-') && !/^-\d/.test(token)
}

function parseInteger(option: string, text: string, command: readonly string[]): number {
  if (!/^-?\d+$/.test(text.trim())) {
    throw new UsageError(`argument ${option}: invalid int value: '${text}'`, command)
  }
  return Number.parseInt(text, 10)
}

function checkChoice(spec: OptionSpec, text: string, command: readonly string[]): void {
  if (spec.choices !== undefined && !spec.choices.includes(text)) {
    throw new UsageError(
      `argument --${spec.name}: invalid choice: '${text}' (choose from ${spec.choices.map((c) => `'${c}'`).join(', ')})`,
      command,
    )
  }
}

/**
 * Parse a command line against option and argument specifications, the way argparse
 * reads it (`--name value`, `--name=value`, `-n value`, `-nvalue`, `--` ends options,
 * options and positionals in any order) with one improvement: a greedy option
 * (`nargs="+"`) that runs to the end of the line gives back the values the required
 * positionals need, so `--workspace System CMD` works as `--workspace=System CMD`.
 *
 * @returns the option values, the positionals and the rest when `stopAtPositional`
 * @throws {UsageError} for unknown options, missing values or arguments, bad integers
 */
export function parseArguments(
  tokens: readonly string[],
  options: readonly OptionSpec[],
  argumentSpecs: readonly ArgumentSpec[],
  settings: ParseSettings = {},
): ParsedArguments & { rest: string[] } {
  const command = settings.command ?? []
  const byLong = new Map(options.map((option) => [option.name, option]))
  const byShort = new Map(options.filter((o) => o.short !== undefined).map((o) => [o.short!, o]))
  const values: Record<string, OptionValue> = {}
  const positionals: string[] = []
  // The greedy option group that ran to the end of the line, if any.
  let openGreedy: { name: string; count: number } | undefined
  const restArgument = argumentSpecs.find((argument) => argument.rest === true)
  const fixedBeforeRest = restArgument === undefined ? 0 : argumentSpecs.indexOf(restArgument)

  const isKnownOption = (token: string): boolean => {
    if (!isOptionToken(token)) return false
    if (token.startsWith('--')) {
      const name = token.slice(2).split('=')[0]!
      return options.some((option) => option.name.startsWith(name))
    }
    return byShort.has(token[1]!)
  }

  const store = (spec: OptionSpec, raw: string | undefined, label: string): void => {
    if (spec.kind === 'boolean') {
      values[spec.name] = true
      return
    }
    if (raw === undefined) throw new UsageError(`argument ${label}: expected one argument`, command)
    checkChoice(spec, raw, command)
    const value = spec.kind === 'integer' ? parseInteger(label, raw, command) : raw
    if (spec.multiple !== undefined) {
      const list = (values[spec.name] as (string | number)[] | undefined) ?? []
      list.push(value)
      values[spec.name] = list as string[] | number[]
    } else {
      values[spec.name] = value
    }
  }

  let index = 0
  while (index < tokens.length) {
    const token = tokens[index]!
    // Once the command line to run starts, everything else belongs to it.
    if (restArgument !== undefined && positionals.length > fixedBeforeRest) {
      positionals.push(...tokens.slice(index))
      break
    }
    if (token === '--') {
      positionals.push(...tokens.slice(index + 1))
      break
    }
    if (!isOptionToken(token)) {
      if (settings.stopAtPositional === true) {
        return { options: values, arguments: {}, positionals: [], rest: tokens.slice(index) }
      }
      positionals.push(token)
      openGreedy = undefined
      index += 1
      continue
    }
    openGreedy = undefined
    let spec: OptionSpec | undefined
    let inline: string | undefined
    let label: string
    if (token.startsWith('--')) {
      const equals = token.indexOf('=')
      const name = equals === -1 ? token.slice(2) : token.slice(2, equals)
      inline = equals === -1 ? undefined : token.slice(equals + 1)
      spec = byLong.get(name)
      if (spec === undefined) {
        // argparse accepts unambiguous prefixes of long options.
        const candidates = options.filter((option) => option.name.startsWith(name))
        if (candidates.length === 1) spec = candidates[0]
        else if (candidates.length > 1) {
          throw new UsageError(
            `ambiguous option: --${name} could match ${candidates.map((c) => `--${c.name}`).join(', ')}`,
            command,
          )
        }
      }
      label = `--${spec?.name ?? name}`
      if (spec === undefined) throw new UsageError(`unrecognized arguments: ${token}`, command)
      if (spec.kind === 'boolean' && inline !== undefined) {
        throw new UsageError(`argument ${label}: ignored explicit argument '${inline}'`, command)
      }
    } else {
      spec = byShort.get(token[1]!)
      label = `-${token[1]!}`
      if (spec === undefined) throw new UsageError(`unrecognized arguments: ${token}`, command)
      if (token.length > 2) {
        if (spec.kind === 'boolean') {
          // Bundled flags: -sd is not supported; say so plainly.
          throw new UsageError(`argument ${label}: ignored explicit argument '${token.slice(2)}'`, command)
        }
        inline = token.slice(2).replace(/^=/, '')
      }
    }
    index += 1
    if (spec.kind === 'boolean') {
      store(spec, undefined, label)
      continue
    }
    if (inline !== undefined) {
      store(spec, inline, label)
      continue
    }
    const first = tokens[index]
    if (first === undefined || (isOptionToken(first) && first !== '-') || first === '--') {
      throw new UsageError(
        `argument ${label}: expected ${spec.multiple === 'greedy' ? 'at least one argument' : 'one argument'}`,
        command,
      )
    }
    store(spec, first, label)
    index += 1
    if (spec.multiple === 'greedy') {
      let count = 1
      while (index < tokens.length && !isOptionToken(tokens[index]!) && tokens[index] !== '--') {
        store(spec, tokens[index], label)
        index += 1
        count += 1
      }
      if (index >= tokens.length) openGreedy = { name: spec.name, count }
      // A command line to run cannot start with a known option: when the group stops at
      // the end or at an unknown option before that command line began, the values after
      // the first are the command line (`--workspace System CMD -x` runs `CMD -x`).
      const next = tokens[index]
      if (
        restArgument !== undefined &&
        positionals.length <= fixedBeforeRest &&
        count > 1 &&
        (next === undefined || !isKnownOption(next))
      ) {
        const list = values[spec.name] as string[]
        positionals.push(...list.splice(list.length - (count - 1)).map(String), ...tokens.slice(index))
        openGreedy = undefined
        break
      }
    }
  }

  // The improvement over argparse: give back what the positionals need.
  const required = argumentSpecs.filter((argument) => argument.optional !== true).length
  if (openGreedy !== undefined && positionals.length < required && openGreedy.count > 1) {
    const list = values[openGreedy.name] as string[]
    const giveBack =
      restArgument !== undefined ? list.length - 1 : Math.min(required - positionals.length, list.length - 1)
    positionals.push(...list.splice(list.length - giveBack).map(String))
  }

  const named: Record<string, string | string[] | number | undefined> = {}
  let position = 0
  for (const argument of argumentSpecs) {
    if (argument.variadic === true || argument.rest === true) {
      const remaining = positionals.slice(position)
      if (remaining.length === 0 && argument.optional !== true) {
        throw new UsageError(`the following arguments are required: ${argument.name}`, command)
      }
      named[argument.name] = remaining
      position = positionals.length
      continue
    }
    const value = positionals[position]
    if (value === undefined) {
      if (argument.optional !== true) {
        const missing = argumentSpecs
          .slice(argumentSpecs.indexOf(argument))
          .filter((a) => a.optional !== true)
          .map((a) => a.name)
        throw new UsageError(`the following arguments are required: ${missing.join(', ')}`, command)
      }
      named[argument.name] = undefined
    } else {
      named[argument.name] = argument.integer === true ? parseInteger(argument.name, value, command) : value
    }
    position += 1
  }
  if (position < positionals.length) {
    throw new UsageError(`unrecognized arguments: ${positionals.slice(position).join(' ')}`, command)
  }
  return { options: values, arguments: named, positionals, rest: [] }
}
