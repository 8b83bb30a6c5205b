import { describe, expect, it } from 'vitest'
import { UsageError } from '@debusine-ts/cli-kit'
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

describe('the service options', () => {
  it('reads jobs, queue, time limits, retries and the health address', () => {
    expect(parseArguments(['cmd'])).toMatchObject({
      jobs: 1,
      queueLimit: 1000,
      commandTimeoutSeconds: undefined,
      killAfterSeconds: 5,
      retries: 0,
      retryDelaySeconds: 5,
      health: undefined,
    })
    const argv = ['-j', '4', '--queue-limit', '10', '--command-timeout', '1.5', '--kill-after', '0']
    expect(
      parseArguments([...argv, '--retries', '2', '--retry-delay', '0.1', '--health', '[::1]:9464', 'cmd']),
    ).toMatchObject({
      jobs: 4,
      queueLimit: 10,
      commandTimeoutSeconds: 1.5,
      killAfterSeconds: 0,
      retries: 2,
      retryDelaySeconds: 0.1,
      health: { host: '::1', port: 9464 },
    })
    expect(parseArguments(['--health', '9464', 'cmd']).health).toEqual({ host: '127.0.0.1', port: 9464 })
    expect(parseArguments(['--health', 'localhost:0', 'cmd']).health).toEqual({ host: 'localhost', port: 0 })
  })

  it('names the option and the rule when a value is wrong', () => {
    expect(() => parseArguments(['--jobs', '0', 'cmd'])).toThrow(
      'argument --jobs/-j: expects a whole number of at least 1, got "0"',
    )
    expect(() => parseArguments(['--queue-limit', '2.5', 'cmd'])).toThrow(
      'argument --queue-limit: expects a whole number',
    )
    expect(() => parseArguments(['--command-timeout', '0', 'cmd'])).toThrow(
      'argument --command-timeout: expects more than 0 seconds, got 0',
    )
    expect(() => parseArguments(['--retries', '-1', 'cmd'])).toThrow('argument --retries')
    expect(() => parseArguments(['--health', 'host:99999', 'cmd'])).toThrow(
      'argument --health: expects PORT, HOST:PORT or [IPv6]:PORT, got "host:99999"',
    )
  })
})

describe('jsonLogger', () => {
  it('writes one JSON object per line, filters by level and never writes the secret', () => {
    const lines: string[] = []
    const logger = jsonLogger(
      { write: (line: string) => lines.push(line) },
      { level: 'info', secret: 's3cret-token' },
    )
    logger.debug('hidden')
    logger.warn('leaked s3cret-token?', { value: 'x-s3cret-token' })
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
