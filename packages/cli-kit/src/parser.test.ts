import { describe, expect, it } from 'vitest'
import { UsageError } from './usage-error.js'
import { parseCommandLine, type ParserDefinition } from './parser.js'
import type { ArgumentSpecs, OptionSpecs } from './spec.js'

const options = {
  workspace: { kind: 'string', short: 'w', summary: '' },
  workRequest: { kind: 'integer', summary: '' },
  limit: { kind: 'integer', default: 20, summary: '' },
  force: { kind: 'flag', short: 'f', summary: '' },
  dryRun: { kind: 'flag', short: 'n', summary: '' },
  upload: { kind: 'string', nargs: '+', summary: '' },
  architecture: { kind: 'string', append: true, summary: '' },
  type: { kind: 'string', choices: ['suite-requires', 'suite-targeting'], summary: '' },
  wait: { kind: 'flag', python: false, summary: '' },
} satisfies OptionSpecs

const onCompleted = {
  command: { name: 'COMMAND', summary: '' },
  args: { name: 'ARGS', summary: '', nargs: '*' },
} satisfies ArgumentSpecs

function parse(tokens: string[], argumentSpecs: ArgumentSpecs = {}, extra: Partial<ParserDefinition> = {}) {
  return parseCommandLine(tokens, { options, arguments: argumentSpecs, command: ['test'], ...extra }).values
}

function usageError(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  throw new Error('no usage error')
}

describe('parseCommandLine follows argparse', () => {
  it('reads --name value, --name=value, -n value, -nVALUE, flags, defaults', () => {
    expect(parse(['--workspace', 'A', '--limit=3', '-f'])).toMatchObject({
      workspace: 'A',
      limit: 3,
      force: true,
    })
    expect(parse(['-wB'])).toMatchObject({ workspace: 'B', limit: 20, force: false, upload: undefined })
    expect(parse(['-w', 'C'])).toMatchObject({ workspace: 'C' })
  })

  it('bundles short flags (-nf) and refuses a value given to a flag', () => {
    expect(parse(['-nf'])).toMatchObject({ dryRun: true, force: true })
    expect(usageError(() => parse(['--force=yes']))).toBe(
      "argument --force/-f: ignored explicit argument 'yes'",
    )
  })

  it('accepts an unambiguous prefix of a long option, refuses an ambiguous one', () => {
    expect(parse(['--works', 'A'])).toMatchObject({ workspace: 'A' })
    expect(usageError(() => parse(['--wor', 'A']))).toBe(
      'ambiguous option: --wor could match --workspace, --work-request',
    )
  })

  it('matches an option new in debusine-ts only in full, so it never makes a prefix ambiguous', () => {
    const two = { workspace: options.workspace, wait: options.wait }
    expect(
      parseCommandLine(['--w', 'A'], { options: two, arguments: {}, command: [] }).values.workspace,
    ).toBe('A')
    expect(usageError(() => parse(['--wai']))).toBe('unrecognized arguments: --wai')
    expect(parse(['--wait'])).toMatchObject({ wait: true })
  })

  it('takes options after positionals: on-completed CMD ARG --workspace W filters on W', () => {
    expect(parse(['CMD', 'ARG', '--workspace', 'W'], onCompleted)).toMatchObject({
      command: 'CMD',
      args: ['ARG'],
      workspace: 'W',
    })
  })

  it('ends options at --, dropping the first -- only', () => {
    expect(parse(['CMD', '--', '-x', '--', 'y'], onCompleted)).toMatchObject({
      command: 'CMD',
      args: ['-x', '--', 'y'],
    })
  })

  it('lets nargs=+ take every following argument, as argparse (then the positional is missing)', () => {
    expect(usageError(() => parse(['--upload', 'a', 'b', 'CMD'], onCompleted))).toBe(
      'the following arguments are required: COMMAND',
    )
    expect(parse(['--upload', 'a', '--', 'CMD'], onCompleted)).toMatchObject({
      upload: ['a'],
      command: 'CMD',
    })
  })

  it('leaves a * positional for after an option (argparse 3.12+), but lets nargs=+ options take what follows', () => {
    expect(parse(['CMD', '--force', 'ARG'], onCompleted)).toMatchObject({
      command: 'CMD',
      args: ['ARG'],
      force: true,
    })
    expect(parse(['CMD', '--upload', 'W', 'ARG'], onCompleted)).toMatchObject({
      args: [],
      upload: ['W', 'ARG'],
    })
  })

  it('appends repeated append options and replaces repeated + options', () => {
    expect(
      parse(['--architecture', 'a', '--architecture', 'b', '--upload', 'x', '--upload', 'y', 'z']),
    ).toMatchObject({
      architecture: ['a', 'b'],
      upload: ['y', 'z'],
    })
  })

  it('checks integers as Python int() and choices, before anything else happens', () => {
    expect(parse(['--limit', ' +1_000 '])).toMatchObject({ limit: 1000 })
    expect(usageError(() => parse(['--limit', 'x']))).toBe("argument --limit: invalid int value: 'x'")
    expect(usageError(() => parse(['--type', 'bogus']))).toBe(
      "argument --type: invalid choice: 'bogus' (choose from 'suite-requires', 'suite-targeting')",
    )
  })

  it('reads a negative number as a positional, an unknown option as an error', () => {
    expect(parse(['-5'], { n: { name: 'N', summary: '', kind: 'integer' } })).toMatchObject({ n: -5 })
    expect(usageError(() => parse(['--bogus']))).toBe('unrecognized arguments: --bogus')
    expect(usageError(() => parse(['--limit']))).toBe('argument --limit: expected one argument')
  })

  it('stops at --help, even with arguments missing', () => {
    const result = parseCommandLine(['-h'], {
      options: { help: { kind: 'flag', short: 'h', summary: '' } },
      arguments: onCompleted,
      command: [],
    })
    expect(result.stop).toBe('help')
  })

  it('gives the rest from the first positional to a subcommand parser', () => {
    const result = parseCommandLine(['--workspace', 'W', 'work-request', 'list', '--limit', '1'], {
      options,
      arguments: {},
      subcommand: true,
      command: [],
    })
    expect(result.rest).toEqual(['work-request', 'list', '--limit', '1'])
    expect(result.values.limit).toBe(20)
  })
})

describe('isIsoDate (the form dateutil isoparse accepts)', () => {
  it('accepts dates and date-times, refuses other text and impossible dates', async () => {
    const { isIsoDate } = await import('./iso-date.js')
    for (const text of [
      '2030',
      '2030-01',
      '2030-01-02',
      '20300102',
      '2030-W01-2',
      '2030-01-02T03:04',
      '2030-01-02T03:04:05.5Z',
      '2030-02-28T00:00+01:00',
    ]) {
      expect(isIsoDate(text), text).toBe(true)
    }
    for (const text of ['bogus', '2030-13-01', '2030-02-30', '2030-01-02T25:00', '2030/01/02', '']) {
      expect(isIsoDate(text), text).toBe(false)
    }
  })
})
