import { describe, expect, it } from 'vitest'
import { UsageError } from '@debusine-ts/client/command-line'
import { parseArguments } from './arguments.js'
import { jsonLogger } from './json-logger.js'

describe('parseArguments', () => {
  it('reads options up to COMMAND; everything after belongs to the command', () => {
    expect(
      parseArguments([
        '--server',
        's',
        '-w',
        'a',
        '--workspace=b',
        '--grace-period',
        '2.5',
        'cmd',
        '-w',
        'x',
      ]),
    ).toMatchObject({
      server: 's',
      workspaces: ['a', 'b'],
      gracePeriodSeconds: 2.5,
      command: 'cmd',
      args: ['-w', 'x'],
    })
    expect(parseArguments(['--', '--odd-command'])).toMatchObject({ command: '--odd-command', args: [] })
  })

  it('refuses unknown options, missing values and a missing command', () => {
    expect(() => parseArguments(['--nope', 'cmd'])).toThrow(UsageError)
    expect(() => parseArguments(['--server'])).toThrow('argument --server: expected one argument')
    expect(() => parseArguments(['--grace-period', 'soon', 'cmd'])).toThrow(
      'argument --grace-period: expects a number of seconds, got "soon"',
    )
    expect(() => parseArguments([])).toThrow('the following arguments are required: COMMAND')
    expect(parseArguments(['--version']).version).toBe(true)
    expect(parseArguments(['-h']).help).toBe(true)
  })

  it('accepts unambiguous prefixes of long options, as argparse', () => {
    expect(parseArguments(['--grace', '3', '--last', 'state.json', 'cmd'])).toMatchObject({
      gracePeriodSeconds: 3,
      lastCompletedAt: 'state.json',
      command: 'cmd',
    })
  })
})

describe('jsonLogger', () => {
  it('writes one JSON object per line, filters by level and never writes the secret', () => {
    const lines: string[] = []
    const logger = jsonLogger(
      { write: (line: string) => lines.push(line) },
      { level: 'info', secret: 's3cret' },
    )
    logger.debug('hidden')
    logger.warn('leaked s3cret?', { value: 'x-s3cret' })
    expect(lines).toHaveLength(1)
    expect(lines[0]?.endsWith('\n')).toBe(true)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'warn',
      message: 'leaked [REDACTED]?',
      value: 'x-[REDACTED]',
    })
    expect(Number.isNaN(Date.parse(String((JSON.parse(lines[0] ?? '') as { time: unknown }).time)))).toBe(
      false,
    )
  })
})
