import { choiceOf } from './choice.js'
import { UsageError } from './usage-error.js'
import { longName, type ArgumentSpec, type ArgumentSpecs, type OptionSpec, type OptionSpecs } from './spec.js'

/** What a command line is read against. */
export interface ParserDefinition {
  /** Options matched in full or by an unambiguous prefix (unless declared `python: false`). */
  readonly options: OptionSpecs
  /** Options matched only when spelled in full (global options given after the command). */
  readonly exactOptions?: OptionSpecs
  /** The positional arguments, in order. */
  readonly arguments: ArgumentSpecs
  /**
   * Everything from the first positional on is the rest (argparse's subcommand positional,
   * or `REMAINDER`); its name in usage errors is `subcommandName` (default `SUBCOMMAND`).
   */
  readonly subcommand?: boolean
  /** The name of the rest in usage errors, e.g. `COMMAND`. */
  readonly subcommandName?: string
  /** The command's words, for usage errors. */
  readonly command: readonly string[]
}

/** What {@link parseCommandLine} found. */
export interface ParseResult {
  /** One value per declared option and argument, by key; absent options are `undefined` (flags `false`). */
  readonly values: Record<string, unknown>
  /** `--help`/`-h` (or `--version`) was met: parsing stopped there, as argparse's actions do. */
  readonly stop: 'help' | 'version' | undefined
  /** With `subcommand`: the subcommand and its arguments. */
  readonly rest: string[]
}

interface Option {
  readonly key: string
  readonly spec: OptionSpec
  readonly label: string
}

interface Positional {
  readonly key: string
  readonly spec: ArgumentSpec | { readonly name: string; readonly nargs: 'parser' }
}

/** An option string found in a token: the option (none if unknown), its spelling, an `=value`. */
interface OptionMatch {
  readonly option: Option | undefined
  readonly text: string
  readonly separator?: string | undefined
  readonly explicit?: string | undefined
}

const negativeNumber = /^-\d+$|^-\d*\.\d+$/

/** Python's `int()`: spaces around, a sign, underscores between digits. */
function toInteger(text: string, label: string, command: readonly string[]): number {
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(text)) {
    throw new UsageError(`argument ${label}: invalid int value: '${text}'`, command)
  }
  return Number.parseInt(text.replace(/_/g, '').trim(), 10)
}

function convert(
  spec: { kind?: string; choices?: readonly string[]; check?: (value: string) => string | undefined },
  text: string,
  label: string,
  command: readonly string[],
): string | number {
  const problem = spec.check?.(text)
  if (problem !== undefined) throw new UsageError(`argument ${label}: ${problem}`, command)
  const value = spec.kind === 'integer' ? toInteger(text, label, command) : text
  if (spec.choices !== undefined) choiceOf(String(value), spec.choices, label, command)
  return value
}

/**
 * argparse's pattern of a positional by its `nargs` (`one`: exactly one), over the token
 * classes A (argument), O (option), - (`--`).
 */
const positionalPatterns = {
  one: '(-*A-*)',
  '?': '(-*A?-*)',
  '*': '(-*[A-]*)',
  '+': '(-*A[A-]*)',
  parser: '(-*A[-AO]*)',
} as const

/**
 * Read a command line as Python's argparse does (3.14, `allow_abbrev`): options anywhere
 * between positionals, `--name=value`, `-nVALUE`, bundled short flags, unambiguous prefixes
 * of long options, negative numbers as positionals, `--` ending options, positionals
 * matched greedily by their `nargs` in chunks between options, and the same errors.
 */
export function parseCommandLine(tokens: readonly string[], definition: ParserDefinition): ParseResult {
  return new CommandLineParser(tokens, definition).parse()
}

class CommandLineParser {
  private readonly byString = new Map<string, Option>()
  private readonly abbreviable: [string, Option][] = []
  private readonly positionals: Positional[]
  private readonly values: Record<string, unknown> = {}
  private readonly seen = new Set<string>()
  private readonly extras: string[] = []
  private readonly classes: string
  private readonly matches = new Map<number, OptionMatch[]>()
  private rest: string[] = []
  private stop: 'help' | 'version' | undefined

  constructor(
    private readonly tokens: readonly string[],
    private readonly definition: ParserDefinition,
  ) {
    this.addOptions(definition.options, true)
    this.addOptions(definition.exactOptions ?? {}, false)
    this.positionals = Object.entries(definition.arguments).map(([key, spec]) => ({ key, spec }))
    if (definition.subcommand === true) {
      this.positionals.push({
        key: 'subcommand',
        spec: { name: definition.subcommandName ?? 'SUBCOMMAND', nargs: 'parser' },
      })
    }
    this.classes = this.classify()
  }

  private addOptions(options: OptionSpecs, abbreviable: boolean): void {
    for (const [key, spec] of Object.entries(options)) {
      const long = `--${longName(key)}`
      const option = { key, spec, label: spec.short === undefined ? long : `${long}/-${spec.short}` }
      this.values[key] = spec.kind === 'flag' ? false : spec.default
      for (const text of spec.short === undefined ? [long] : [long, `-${spec.short}`]) {
        if (this.byString.has(text)) continue
        this.byString.set(text, option)
        if (abbreviable && spec.python !== false) this.abbreviable.push([text, option])
      }
    }
  }

  /** One class per token: `O` option, `A` argument, `-` the first `--` (all after it are `A`). */
  private classify(): string {
    let classes = ''
    for (const [index, token] of this.tokens.entries()) {
      if (token === '--') return classes + '-' + 'A'.repeat(this.tokens.length - index - 1)
      const found = this.optionMatches(token)
      if (found === undefined) classes += 'A'
      else {
        this.matches.set(index, found)
        classes += 'O'
      }
    }
    return classes
  }

  private optionMatches(token: string): OptionMatch[] | undefined {
    if (!token.startsWith('-')) return undefined
    const exact = this.byString.get(token)
    if (exact !== undefined) return [{ option: exact, text: token }]
    if (token.length === 1) return undefined
    const equals = token.indexOf('=')
    const before = equals === -1 ? token : token.slice(0, equals)
    const after = equals === -1 ? undefined : token.slice(equals + 1)
    const named = this.byString.get(before)
    if (after !== undefined && named !== undefined) {
      return [{ option: named, text: before, separator: '=', explicit: after }]
    }
    const found: OptionMatch[] = []
    const separator = after === undefined ? undefined : '='
    for (const [text, option] of this.abbreviable) {
      if (!token.startsWith('--') && text === token.slice(0, 2)) {
        found.push({ option, text, separator: '', explicit: token.slice(2) })
      } else if (text.startsWith(before)) {
        found.push({ option, text, separator, explicit: after })
      }
    }
    if (found.length > 0) return found
    if (negativeNumber.test(token) || token.includes(' ')) return undefined
    return [{ option: undefined, text: token }]
  }

  parse(): ParseResult {
    const optionIndexes = [...this.matches.keys()]
    const last = optionIndexes.length === 0 ? -1 : Math.max(...optionIndexes)
    let start = 0
    while (start <= last && this.stop === undefined) {
      let next = start
      while (next <= last && !this.matches.has(next)) next += 1
      if (start !== next) {
        const end = this.consumePositionals(start)
        if (end > start) {
          start = end
          continue
        }
      }
      if (!this.matches.has(start)) {
        this.extras.push(...this.tokens.slice(start, next))
        start = next
      }
      start = this.consumeOption(start)
    }
    if (this.stop !== undefined) return { values: this.values, stop: this.stop, rest: [] }
    const stop = this.consumePositionals(start)
    this.extras.push(...this.tokens.slice(stop))
    this.checkRequired()
    if (this.extras.length > 0) {
      throw new UsageError(`unrecognized arguments: ${this.extras.join(' ')}`, this.definition.command)
    }
    return { values: this.values, stop: undefined, rest: this.rest }
  }

  private checkRequired(): void {
    const missing = [
      ...Object.entries(this.definition.options)
        .filter(([key, spec]) => spec.kind !== 'flag' && spec.required === true && !this.seen.has(key))
        .map(([key]) => `--${longName(key)}`),
      ...this.positionals
        .filter(({ spec }) => spec.nargs === undefined || spec.nargs === '+' || spec.nargs === 'parser')
        .map(({ spec }) => spec.name),
    ]
    if (missing.length > 0) {
      throw new UsageError(
        `the following arguments are required: ${missing.join(', ')}`,
        this.definition.command,
      )
    }
  }

  /** argparse `_match_arguments_partial`: as many positionals as the tokens from `start` allow. */
  private consumePositionals(start: number): number {
    const classes = this.classes.slice(start)
    for (let count = this.positionals.length; count > 0; count -= 1) {
      const candidates = this.positionals.slice(0, count)
      const match = new RegExp(
        `^${candidates.map(({ spec }) => positionalPatterns[spec.nargs ?? 'one']).join('')}`,
      ).exec(classes)
      if (match === null) continue
      const lengths = match.slice(1).map((group) => (group ?? '').length)
      if (match[0].length < classes.length && classes[match[0].length] === 'O') {
        while (lengths.length > 0 && lengths.at(-1) === 0) lengths.pop()
      }
      let index = start
      for (const [position, length] of lengths.entries()) {
        const words = this.tokens.slice(index, index + length)
        const positional = this.positionals[position]!
        // argparse drops the first `--` of a positional's words; a subcommand's only when it leads.
        const dashes = this.classes.slice(index, index + length)
        if (positional.spec.nargs === 'parser' ? dashes.startsWith('-') : dashes.includes('-')) {
          words.splice(words.indexOf('--'), 1)
        }
        this.takePositional(positional, words)
        index += length
      }
      this.positionals.splice(0, lengths.length)
      return index
    }
    return start
  }

  private takePositional({ key, spec }: Positional, words: string[]): void {
    const command = this.definition.command
    if (spec.nargs === 'parser') {
      this.rest = words
      return
    }
    const convertAll = (): (string | number)[] => words.map((word) => convert(spec, word, spec.name, command))
    if (spec.nargs === '*' || spec.nargs === '+') this.values[key] = convertAll()
    else this.values[key] = words.length === 0 ? undefined : convertAll()[0]
  }

  /** argparse `consume_optional`: one option (or several bundled short flags) and its values. */
  private consumeOption(start: number): number {
    const found = this.matches.get(start)!
    const command = this.definition.command
    if (found.length > 1) {
      throw new UsageError(
        `ambiguous option: ${this.tokens[start]!} could match ${found.map((match) => match.text).join(', ')}`,
        command,
      )
    }
    let { option, text, separator, explicit } = found[0]!
    for (;;) {
      if (option === undefined) {
        this.extras.push(this.tokens[start]!)
        return start + 1
      }
      if (explicit === undefined) {
        const count = this.matchOption(option, this.classes.slice(start + 1))
        this.takeOption(option, this.tokens.slice(start + 1, start + 1 + count))
        return start + 1 + count
      }
      const takesValue = option.spec.kind !== 'flag'
      if (takesValue) {
        this.takeOption(option, [explicit])
        return start + 1
      }
      if (text.startsWith('--') || explicit === '' || separator === '=' || explicit.startsWith('-')) {
        throw new UsageError(`argument ${option.label}: ignored explicit argument '${explicit}'`, command)
      }
      // Bundled short flags: -nf is -n -f.
      this.takeOption(option, [])
      if (this.stop !== undefined) return start + 1
      text = `-${explicit[0]!}`
      option = this.byString.get(text)
      if (option === undefined) {
        this.extras.push(`-${explicit}`)
        return start + 1
      }
      explicit = explicit.slice(1)
      separator = explicit.startsWith('=') ? '=' : ''
      if (explicit.startsWith('=')) explicit = explicit.slice(1)
      else if (explicit === '') explicit = undefined
    }
  }

  /** How many of the next tokens (of `classes`) are the option's values: none for a flag. */
  private matchOption({ spec, label }: Option, classes: string): number {
    if (spec.kind === 'flag') return 0
    const values = /^A*/.exec(classes)![0].length
    if (values > 0) return spec.nargs === '+' ? values : 1
    const expected = spec.nargs === '+' ? 'at least one argument' : 'one argument'
    throw new UsageError(`argument ${label}: expected ${expected}`, this.definition.command)
  }

  private takeOption({ key, spec, label }: Option, words: readonly string[]): void {
    this.seen.add(key)
    if (key === 'help' || key === 'version') this.stop = key
    if (spec.kind === 'flag') {
      this.values[key] = true
      return
    }
    const converted = words.map((word) => convert(spec, word, label, this.definition.command))
    if (spec.append === true) {
      const list: unknown = this.values[key]
      this.values[key] = Array.isArray(list) ? list.concat(converted) : converted
    } else {
      this.values[key] = spec.nargs === '+' ? converted : converted[0]
    }
  }
}
