import { describe, expect, it } from 'vitest'
import type { ArgumentSpec, OptionSpec } from './command-spec.js'
import { parseArguments } from './parser.js'
import { UsageError } from './usage-error.js'

const options: OptionSpec[] = [
  { name: 'workspace', short: 'w', kind: 'string', summary: '' },
  { name: 'limit', kind: 'integer', summary: '' },
  { name: 'force', short: 'f', kind: 'boolean', summary: '' },
  { name: 'upload', kind: 'string', multiple: 'greedy', summary: '' },
  { name: 'expect-type', kind: 'string', choices: ['any', 'bare'], summary: '' },
]

describe('parseArguments', () => {
  it('reads --name value, --name=value, -n value, -nvalue and flags', () => {
    expect(parseArguments(['--workspace', 'A', '--limit=3', '-f'], options, []).options).toEqual({
      workspace: 'A',
      limit: 3,
      force: true,
    })
    expect(parseArguments(['-wB'], options, []).options).toEqual({ workspace: 'B' })
    expect(parseArguments(['-w', 'C'], options, []).options).toEqual({ workspace: 'C' })
  })

  it('accepts an unambiguous prefix of a long option, as argparse', () => {
    expect(parseArguments(['--work', 'A'], options, []).options).toEqual({ workspace: 'A' })
  })

  it('puts options and positionals in any order, and -- ends options', () => {
    const parsed = parseArguments(['x', '--limit', '2', '--', '--force'], options, [
      { name: 'A', summary: '' },
      { name: 'B', summary: '' },
    ])
    expect(parsed.arguments).toEqual({ A: 'x', B: '--force' })
    expect(parsed.options).toEqual({ limit: 2 })
  })

  it('takes negative numbers as values', () => {
    expect(parseArguments(['--limit', '-1'], options, []).options).toEqual({ limit: -1 })
  })

  it('rejects unknown options, missing values, bad integers and choices with a UsageError', () => {
    expect(() => parseArguments(['--nope'], options, [])).toThrow(UsageError)
    expect(() => parseArguments(['--workspace'], options, [])).toThrow(/expected one argument/)
    expect(() => parseArguments(['--limit', 'x'], options, [])).toThrow(/invalid int value/)
    expect(() => parseArguments(['--expect-type', 'x'], options, [])).toThrow(/invalid choice/)
    expect(() => parseArguments(['--force=1'], options, [])).toThrow(/ignored explicit argument/)
  })

  it('checks the positionals: missing, extra, integer', () => {
    const args: ArgumentSpec[] = [{ name: 'ID', summary: '', integer: true }]
    expect(() => parseArguments([], options, args)).toThrow(/required: ID/)
    expect(() => parseArguments(['1', '2'], options, args)).toThrow(/unrecognized arguments: 2/)
    expect(() => parseArguments(['x'], options, args)).toThrow(/invalid int value/)
    expect(parseArguments(['7'], options, args).arguments).toEqual({ ID: 7 })
  })

  it('a greedy option takes several values and repeats', () => {
    const parsed = parseArguments(['--upload', 'a', 'b', '--force', '--upload', 'c'], options, [])
    expect(parsed.options.upload).toEqual(['a', 'b', 'c'])
  })

  it('a greedy option running to the end gives back what the required positionals need', () => {
    const parsed = parseArguments(['--upload', 'a', 'b', 'CATEGORY'], options, [
      { name: 'CATEGORY', summary: '' },
    ])
    expect(parsed.options.upload).toEqual(['a', 'b'])
    expect(parsed.arguments.CATEGORY).toBe('CATEGORY')
  })

  it('on a command line to run: --workspace System CMD works like --workspace=System CMD', () => {
    const rest: ArgumentSpec[] = [{ name: 'COMMAND', summary: '', rest: true }]
    const greedy: OptionSpec[] = [
      { name: 'workspace', short: 'w', kind: 'string', multiple: 'greedy', summary: '' },
    ]
    expect(parseArguments(['--workspace', 'System', 'cmd', 'x'], greedy, rest)).toMatchObject({
      options: { workspace: ['System'] },
      arguments: { COMMAND: ['cmd', 'x'] },
    })
    expect(parseArguments(['--workspace=System', 'cmd', '-x'], greedy, rest)).toMatchObject({
      options: { workspace: ['System'] },
      arguments: { COMMAND: ['cmd', '-x'] },
    })
    // The command's own options stay with it.
    expect(parseArguments(['--workspace', 'System', 'cmd', '-x', '--y'], greedy, rest)).toMatchObject({
      options: { workspace: ['System'] },
      arguments: { COMMAND: ['cmd', '-x', '--y'] },
    })
    // The Python form with several workspaces before another option still works.
    expect(parseArguments(['-w', 'A', 'B', '--workspace', 'C', 'cmd'], greedy, rest)).toMatchObject({
      options: { workspace: ['A', 'B', 'C'] },
      arguments: { COMMAND: ['cmd'] },
    })
  })

  it('stops at the first positional for global options', () => {
    const parsed = parseArguments(
      ['--server', 'x', 'work-request', 'show', '--server', 'y'],
      [{ name: 'server', kind: 'string', summary: '' }],
      [],
      { stopAtPositional: true },
    )
    expect(parsed.options).toEqual({ server: 'x' })
    expect(parsed.rest).toEqual(['work-request', 'show', '--server', 'y'])
  })
})
