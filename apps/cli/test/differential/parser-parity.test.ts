import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { commands as cliCommands } from '../../src/command-table.js'
import { main } from '../../src/main.js'
import { program } from '../../src/program-info.js'
import type { DifferenceId } from './allowlist.js'
import {
  pythonCommands,
  pythonParse,
  type PythonAction,
  type PythonCommand,
  type PythonParse,
} from './python-parser.js'
import { type OptionSpecs, UsageError, longName, readCommandLine } from '@debusine-ts/cli-kit'

// Every command and option of the Python CLI, read from its own argparse parser, in many
// placements and spellings, with bad values: argparse and our parser must accept the same
// command lines and read the same values from them. One Python process parses them all.

/** A valid value for an action, by the type argparse converts it with. */
function valueFor(action: PythonAction): string {
  if (action.choices !== null)
    return action.choices.includes('debusine:test') ? 'debusine:test' : action.choices[0]!
  switch (action.type) {
    case 'int':
      return '7'
    case 'retention_period':
      return '30'
    case 'isoparse':
      return '2030-01-02T03:04:05'
    case 'CollectionCategory':
      return 'debian:suite'
    case 'LookupChildType':
      return 'artifact'
    case 'AssetCategory':
      return 'debusine:signing-key'
    case '_collection_identifier_argument':
      return 'a@debian:suite'
    case 'Path':
      return '/tmp/file'
    default:
      return `${action.dest}-value`
  }
}

/** A value argparse refuses for an action, when it checks one (else undefined). */
function badValueFor(action: PythonAction): string | undefined {
  if (action.choices !== null) return 'bogus'
  switch (action.type) {
    case 'int':
      return 'x1'
    case 'retention_period':
    case 'isoparse':
    case 'CollectionCategory':
    case 'LookupChildType':
    case 'AssetCategory':
    case '_collection_identifier_argument':
      return 'bogus'
    default:
      return undefined
  }
}

const isOption = (action: PythonAction): boolean => action.strings.length > 0
const long = (action: PythonAction): string =>
  action.strings.find((text) => text.startsWith('--')) ?? action.strings[0]!

/** The command lines to try for one command. */
function casesOf(command: PythonCommand): string[][] {
  const { path, actions } = command
  const options = actions.filter(isOption).filter((action) => action.dest !== 'yaml')
  const required = options
    .filter((action) => action.required)
    .flatMap((action) => [long(action), valueFor(action)])
  const positionals = actions
    .filter((action) => !isOption(action) && (action.nargs === null || action.nargs === '+'))
    .map(valueFor)
  const optionalPositionals = actions.filter(
    (action) => !isOption(action) && (action.nargs === '?' || action.nargs === '*'),
  )
  const base = [...positionals, ...required]
  const cases: string[][] = [
    [...path, ...base],
    [...path, ...base, '--yaml'],
    [...path, '--ya', ...base],
    [...path, ...base, '--bogus'],
    [...path, ...base, 'extra'],
    [...path, ...base, '-h'],
    [...path, '--', ...base],
    ['--silent', '-d', 'http', '--server', 'x', ...path, ...base],
    ['--conf', '/tmp/c.ini', ...path, ...base],
    [...path, ...base, '--silent'],
  ]
  if (positionals.length > 0) cases.push([...path], [...path, ...required])
  for (const positional of optionalPositionals) {
    const values = positional.nargs === '*' ? ['p1', '-p2'] : ['p1']
    cases.push(
      [...path, ...base, ...values],
      [...path, ...base, '--', ...values],
      [...path, ...base, 'p1', '--yaml'],
    )
  }
  for (const option of options) {
    const name = long(option)
    const value = valueFor(option)
    const taken = option.flag ? [name] : option.nargs === '+' ? [name, value, `${value}2`] : [name, value]
    const abbreviation = name.slice(0, Math.max(3, name.length - 2))
    cases.push(
      [...path, ...taken, ...base],
      [...path, ...base, ...taken],
      [...path, ...base, option.flag ? abbreviation : `${abbreviation}=${value}`],
      [...path, ...base, name.slice(0, 3), ...(option.flag ? [] : [value])],
    )
    if (positionals.length > 1)
      cases.push([...path, positionals[0]!, ...taken, ...positionals.slice(1), ...required])
    if (!option.flag) {
      cases.push(
        [...path, ...base, `${name}=${value}`],
        [...path, ...base, name],
        [...path, ...base, name, '--yaml'],
      )
      if (option.strings.includes('-w'))
        cases.push([...path, ...base, `-w${value}`], [...path, '-w', value, ...base])
      if (option.append) cases.push([...path, ...base, name, 'a', name, 'b'])
      const bad = badValueFor(option)
      if (bad !== undefined) cases.push([...path, ...base, name, bad])
    } else {
      cases.push([...path, ...base, `${name}=yes`])
    }
  }
  for (const action of actions.filter((candidate) => !isOption(candidate))) {
    const bad = badValueFor(action)
    if (bad === undefined) continue
    const index = actions.filter((candidate) => !isOption(candidate)).indexOf(action)
    const values = [...positionals]
    if (index < values.length) values[index] = bad
    cases.push([...path, ...values, ...required])
  }
  return cases
}

/** Our reading of a command line, in the shape `python-argparse.py` prints. */
function ours(argv: readonly string[]): PythonParse {
  let line
  try {
    line = readCommandLine(program, cliCommands, argv)
  } catch (error) {
    if (error instanceof UsageError) return { status: 2 }
    throw error
  }
  if (line.kind !== 'run') return { status: 0, help: true }
  const options: Record<string, unknown> = {}
  const { global, command, values } = line
  if (global.server !== undefined) options['--server'] = global.server
  if (global.scope !== undefined) options['--scope'] = global.scope
  if (global.configFile !== undefined) options['--config-file'] = global.configFile
  if (global.silent) options['--silent'] = true
  if (global.debug.length > 0) options['--debug'] = global.debug.join(',')
  const all: OptionSpecs = { ...command.options, yaml: { kind: 'flag', summary: '' } }
  for (const [key, spec] of Object.entries(all)) {
    const value = values[key]
    if (spec.kind === 'flag' ? value === true : value !== undefined && value !== spec.default) {
      options[`--${longName(key)}`] = value
    }
  }
  const positionals = Object.keys(command.arguments)
    .map((key) => values[key])
    .filter((value) => value !== undefined && !(Array.isArray(value) && value.length === 0))
  return { status: 0, options, positionals }
}

/** Scalars as strings: argparse's types give ints and paths where we keep the text. */
function comparable(parse: PythonParse): unknown {
  const text = (value: unknown): unknown => (Array.isArray(value) ? value.map(text) : String(value))
  if (parse.status !== 0 || parse.help === true) return { status: parse.status, help: parse.help === true }
  return {
    status: 0,
    options: Object.fromEntries(
      Object.entries(parse.options ?? {})
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, value]) => [key, text(value)]),
    ),
    positionals: (parse.positionals ?? []).map(text),
  }
}

const globalNames = ['--server', '--scope', '--config-file', '--silent', '-s', '--debug', '-d']

/** The allowed difference a command line falls under, if any. */
function allowed(
  argv: readonly string[],
  python: PythonParse,
  ourParse: PythonParse,
): DifferenceId | undefined {
  const commandStart = argv.findIndex((word) => !word.startsWith('-'))
  const late = argv.slice(commandStart).some((word) => globalNames.includes(word))
  if (late && python.status === 2 && ourParse.status === 0) return 'global-options-after-command'
  return undefined
}

/** Our exit code for a command line our parser takes but argparse refuses: checks done before any request. */
async function exitCodeWithoutServer(argv: readonly string[]): Promise<number> {
  const sink = { write: () => true }
  return main(['--config-file', '/nonexistent/config.ini', ...argv], {
    stdout: sink,
    stderr: sink,
    stdin: Readable.from(['']),
    env: { HOME: '/nonexistent' },
    cwd: '/nonexistent',
  })
}

let commands: PythonCommand[]

beforeAll(async () => {
  commands = await pythonCommands()
})

describe('command lines: our parser reads them as the Python CLI 0.16.2 (argparse) does', () => {
  it('every command, option and placement: the same acceptance and the same values', async () => {
    const argvs = [
      [],
      ['--version'],
      ['-h'],
      ['nosuch'],
      ['collection'],
      ['collection', '-h'],
      ['collection', 'relation', '--help'],
      ...commands.flatMap(casesOf),
    ]
    const python = await pythonParse(argvs)
    const differences: string[] = []
    for (const [index, argv] of argvs.entries()) {
      const ourParse = ours(argv)
      const expected = comparable(python[index]!)
      const actual = comparable(ourParse)
      if (JSON.stringify(actual) === JSON.stringify(expected)) continue
      if (allowed(argv, python[index]!, ourParse) !== undefined) continue
      // A value argparse checks with a type from Debusine's models: we check it first
      // thing in the handler, before any request (so without a config file), also exit 2.
      if (python[index]!.status === 2 && (await exitCodeWithoutServer(argv)) === 2) continue
      differences.push(
        `${JSON.stringify(argv)}\n  python: ${JSON.stringify(expected)}\n  ours:   ${JSON.stringify(actual)}`,
      )
    }
    expect(argvs.length).toBeGreaterThan(commands.length * 10)
    expect(differences.join('\n')).toBe('')
  })
})
