import { describe, expect, it } from 'vitest'
import { withBareDebugFlag } from './debug-flag.js'
import { defineCommand } from './declared-command.js'
import type { ProgramInfo } from './program.js'
import { readCommandLine } from './read-command-line.js'
import { commonOptions, globalOptions } from './standard-options.js'

const show = defineCommand({
  path: ['work-request', 'show'],
  summary: 'show a work request',
  options: {},
  arguments: { id: { name: 'ID', summary: 'which' } },
  legacy: ['show-work-request'],
  output: 'model',
  offline: true,
  handler: () => Promise.resolve(() => Promise.resolve()),
})
const info: ProgramInfo = { name: 'tool', summary: 'a tool', globalOptions, commonOptions }

describe('a bare -d (the Python CLI 0.11.3 flag)', () => {
  it('prints the HTTP traffic when a command word follows it, before or after other options', () => {
    expect(withBareDebugFlag([show], ['-d', 'show-work-request', '1'])).toEqual([
      '-d',
      'http',
      'show-work-request',
      '1',
    ])
    expect(withBareDebugFlag([show], ['-s', '--debug', 'work-request', 'show', '-d'])).toEqual([
      '-s',
      '--debug',
      'http',
      'work-request',
      'show',
      '-d',
    ])
    const line = readCommandLine(info, [show], ['--server', 'x', '-d', 'show-work-request', '7'])
    expect(line).toMatchObject({ kind: 'run', command: show, global: { debug: ['http'], server: 'x' } })
  })

  it('keeps a value given to -d as today', () => {
    expect(withBareDebugFlag([show], ['-d', 'all', 'work-request', 'show', '1'])).toEqual([
      '-d',
      'all',
      'work-request',
      'show',
      '1',
    ])
    const line = readCommandLine(info, [show], ['-d', 'http,all', 'work-request', 'show', '7'])
    expect(line).toMatchObject({ kind: 'run', global: { debug: ['http', 'all'] } })
  })
})
