import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transport } from '@debusine-ts/transport'
import { afterEach, describe, expect, it } from 'vitest'
import { startChannel, type LoopbackChannel } from '../test/support/loopback-channel.js'
import { until } from '../test/support/until.js'
import { CommandNotFoundError } from './command.js'
import { onWorkRequestCompleted, type CommandFinishedInfo } from './on-work-request-completed.js'

const channels: LoopbackChannel[] = []
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.close()))
})

async function setup(script = 'printf "%s|" "$@" >> calls.txt; echo >> calls.txt'): Promise<{
  channel: LoopbackChannel
  transport: Transport
  directory: string
  command: string
}> {
  const channel = await startChannel()
  channels.push(channel)
  const directory = await mkdtemp(join(tmpdir(), 'on-completed-'))
  const command = join(directory, 'record')
  await writeFile(command, `#!/bin/sh\n${script}\n`)
  await chmod(command, 0o755)
  return { channel, transport: new Transport({ apiUrl: channel.apiUrl, token: 't' }), directory, command }
}

describe('onWorkRequestCompleted', () => {
  it('runs command ...args id result in the working directory, once per completion, and records the last one', async () => {
    const { channel, transport, directory, command } = await setup()
    const state = join(directory, 'state.json')
    const finished: CommandFinishedInfo[] = []
    const controller = new AbortController()
    const running = onWorkRequestCompleted(transport, {
      command,
      args: ['--flag', 'two words'],
      workspaces: ['System'],
      lastCompletedAt: state,
      workingDirectory: directory,
      signal: controller.signal,
      onCommandFinished: (info) => finished.push(info),
    })
    const connection = await channel.connection(0)
    expect(connection.query.get('workspaces')).toBe('System')
    expect(connection.query.has('completed_at_since')).toBe(false)
    expect(await readFile(state, 'utf8')).toBe('{\n  "last_completed_at": null\n}\n')
    connection.complete(11, '2026-10-28T13:17:55.123456Z', 'temporary failure')
    connection.complete(11, '2026-10-28T13:17:55.123456Z', 'temporary failure')
    connection.complete(12, '2026-10-28T13:17:56Z', 'success')
    await until(() => finished.length === 2)
    controller.abort()
    await running
    expect(await readFile(join(directory, 'calls.txt'), 'utf8')).toBe(
      '--flag|two words|11|temporary failure|\n--flag|two words|12|success|\n',
    )
    expect(finished.map((info) => info.exitCode)).toEqual([0, 0])
    expect(await readFile(state, 'utf8')).toBe('{\n  "last_completed_at": "2026-10-28T13:17:56+00:00"\n}\n')
  })

  it('replays from the instant in the file, sent verbatim', async () => {
    const { channel, transport, directory, command } = await setup()
    const state = join(directory, 'state.json')
    await writeFile(state, '{\n  "last_completed_at": "2026-10-28T13:17:55.123456+00:00"\n}\n')
    const controller = new AbortController()
    const running = onWorkRequestCompleted(transport, {
      command,
      lastCompletedAt: state,
      workingDirectory: directory,
      signal: controller.signal,
    })
    expect((await channel.connection(0)).query.get('completed_at_since')).toBe(
      '2026-10-28T13:17:55.123456+00:00',
    )
    controller.abort()
    await running
  })

  it('refuses a command that is not executable before connecting', async () => {
    const { channel, transport, directory } = await setup()
    await expect(
      onWorkRequestCompleted(transport, { command: 'no-such-command-here', workingDirectory: directory }),
    ).rejects.toThrow(CommandNotFoundError)
    await expect(
      onWorkRequestCompleted(transport, { command: './calls.txt', workingDirectory: directory }),
    ).rejects.toThrow(CommandNotFoundError)
    expect(channel.connections).toHaveLength(0)
  })

  it('at shutdown lets a command finish within the grace period, else kills it and does not record it', async () => {
    const { channel, transport, directory, command } = await setup(
      'echo "$1" >> started.txt; sleep "$1"; echo "$2" >> done.txt',
    )
    const state = join(directory, 'state.json')
    const finished: CommandFinishedInfo[] = []
    const controller = new AbortController()
    const running = onWorkRequestCompleted(transport, {
      command,
      lastCompletedAt: state,
      workingDirectory: directory,
      signal: controller.signal,
      shutdownGraceMs: 300,
      onCommandFinished: (info) => finished.push(info),
    })
    const connection = await channel.connection(0)
    // The arguments are: id (sleep seconds), result (written when done).
    connection.complete(0, '2026-10-28T13:00:00Z', 'first')
    await until(() => finished.length === 1)
    connection.send({
      text: 'work_request_completed',
      work_request_id: 5,
      completed_at: '2026-10-28T13:00:05Z',
      result: 'second',
    })
    const started = join(directory, 'started.txt')
    await until(() => existsSync(started) && readFileSync(started, 'utf8') === '0\n5\n')
    controller.abort()
    await running
    expect(finished[1]).toMatchObject({ cancelled: true, signal: 'SIGTERM' })
    expect(await readFile(join(directory, 'done.txt'), 'utf8')).toBe('first\n')
    expect(await readFile(state, 'utf8')).toContain('"2026-10-28T13:00:00+00:00"')
  })
})
