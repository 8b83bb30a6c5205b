/**
 * The daemon binary against the real Debusine 0.16.2 server and its real worker.
 */
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import {
  completed,
  createNoop,
  reloadHttpWorkers,
  testuserTransport,
} from '../../../packages/events/test/support/real-server-work.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { daemonBin, startDaemon, writeConfig, type DaemonProcess } from './support/daemon-process.js'

let workspace: string

beforeAll(async () => {
  workspace = await freshWorkspace('daemon')
  daemonBin()
})

/** A directory with a config file and a command that appends its arguments to calls.txt. */
async function setup(
  token = realServer().token,
): Promise<{ directory: string; config: string; command: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'daemon-test-'))
  const command = join(directory, 'record')
  await writeFile(command, '#!/bin/sh\nprintf "%s|" "$@" >> calls.txt\necho >> calls.txt\n')
  await chmod(command, 0o755)
  return { directory, config: await writeConfig(directory, token), command }
}

async function calls(directory: string): Promise<string[]> {
  const text = await readFile(join(directory, 'calls.txt'), 'utf8').catch(() => '')
  return text.split('\n').filter((line) => line !== '')
}

async function untilCalls(directory: string, count: number, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const lines = await calls(directory)
    if (lines.length >= count || Date.now() > deadline) return lines
    await delay(100)
  }
}

const connected = (line: Record<string, unknown>): boolean =>
  typeof line.message === 'string' && line.message.includes('onnected to the completion channel')

async function stop(daemon: DaemonProcess): Promise<number | null> {
  daemon.child.kill('SIGTERM')
  return daemon.exited
}

describe('debusine-ts-daemon (real server)', () => {
  it('runs the command once per completion in its workspace, keeps the Python state file, stops on SIGTERM', async () => {
    const { directory, config, command } = await setup()
    const daemon = await startDaemon(
      ['--config-file', config, '-w', workspace, '--last-completed-at', 'state.json', command, 'extra'],
      directory,
    )
    await daemon.waitForLine(connected)
    const transport = testuserTransport()
    const ok = await createNoop(transport, workspace, 'success')
    const elsewhere = await createNoop(transport, realServer().workspace, 'success')
    const failed = await createNoop(transport, workspace, 'failure')
    const lines = await untilCalls(directory, 2)
    await completed(transport, elsewhere.id)
    await delay(500)
    expect(await calls(directory)).toEqual(lines)
    expect(lines.toSorted()).toEqual([`extra|${ok.id}|success|`, `extra|${failed.id}|failure|`].toSorted())
    const last = [await completed(transport, ok.id), await completed(transport, failed.id)]
      .map((request) => request.completed_at ?? '')
      .toSorted()
      .at(-1)
    const state = await readFile(join(directory, 'state.json'), 'utf8')
    expect(state).toBe(`{\n  "last_completed_at": "${(last ?? '').replace(/Z$/, '+00:00')}"\n}\n`)
    expect(await stop(daemon)).toBe(exitCodes.success)
    expect(daemon.lines.at(-1)).toMatchObject({ level: 'info', message: 'Stopped', exitCode: 0 })
    expect(daemon.stderr()).not.toContain(realServer().token)
    // Each line is JSON with a time and a level.
    for (const line of daemon.lines)
      expect([typeof line.time, typeof line.level]).toEqual(['string', 'string'])
  })

  it('after a restart, runs the command for what completed while it was stopped, from its state file', async () => {
    const { directory, config, command } = await setup()
    const transport = testuserTransport()
    const args = ['--config-file', config, '-w', workspace, '--last-completed-at', 'state.json', command]
    const first = await startDaemon(args, directory)
    await first.waitForLine(connected)
    const before = await createNoop(transport, workspace)
    await untilCalls(directory, 1)
    expect(await stop(first)).toBe(exitCodes.success)
    const whileStopped = await createNoop(transport, workspace, 'failure')
    await completed(transport, whileStopped.id)
    const second = await startDaemon(args, directory)
    await second.waitForLine(connected)
    const lines = await untilCalls(directory, 2)
    await delay(500)
    expect(await stop(second)).toBe(exitCodes.success)
    expect(await calls(directory)).toEqual([`${before.id}|success|`, `${whileStopped.id}|failure|`])
    expect(lines).toHaveLength(2)
  })

  it('keeps listening across a reload of the HTTP workers: every completion runs the command once', async () => {
    const { directory, config, command } = await setup()
    const transport = testuserTransport()
    const daemon = await startDaemon(['--config-file', config, '-w', workspace, command], directory)
    await daemon.waitForLine(connected)
    const created = [await createNoop(transport, workspace)]
    await untilCalls(directory, 1)
    const connections = daemon.lines.filter(connected).length
    await reloadHttpWorkers()
    await daemon.waitForLine(
      (line) => line.message === 'The completion channel was disconnected; reconnecting',
    )
    // The old workers also closed our HTTP keep-alive sockets: let the pool notice first.
    await delay(500)
    created.push(await createNoop(transport, workspace, 'failure'), await createNoop(transport, workspace))
    await daemon.waitForLine((line) => connected(line) && daemon.lines.filter(connected).length > connections)
    created.push(await createNoop(transport, workspace))
    await Promise.all(created.map((request) => completed(transport, request.id)))
    const lines = await untilCalls(directory, created.length)
    await delay(1_000)
    expect(await stop(daemon)).toBe(exitCodes.success)
    expect((await calls(directory)).toSorted()).toEqual(lines.toSorted())
    expect(lines.map((line) => Number(line.split('|')[0])).toSorted((a, b) => a - b)).toEqual(
      created.map((request) => request.id),
    )
  })

  it('ends with exit status 5 and says why when the server refuses the token (disabled, unknown)', async () => {
    for (const token of [realServer().disabledToken, randomBytes(32).toString('hex')]) {
      const { directory, config, command } = await setup(token)
      const daemon = await startDaemon(['--config-file', config, command], directory)
      expect(await daemon.exited).toBe(exitCodes.tokenRefused)
      const last = daemon.lines.at(-1)
      expect(last).toMatchObject({ level: 'error', code: 'token_rejected', exitCode: exitCodes.tokenRefused })
      expect(String(last?.message)).toContain(
        'No token header, token not associated to a user or not enabled',
      )
      expect(String(last?.hint)).toContain('[server:realserver]')
      expect(daemon.stderr()).not.toContain(token)
    }
  })

  it('accepts the token of a user without any role: the channel asks only for an enabled user token', async () => {
    const { directory, config, command } = await setup(realServer().noroleToken)
    const daemon = await startDaemon(['--config-file', config, command], directory)
    await daemon.waitForLine(connected)
    expect(await stop(daemon)).toBe(exitCodes.success)
  })

  it('ends with exit status 3 for an unknown workspace, a missing command or a missing configuration', async () => {
    const { directory, config, command } = await setup()
    const unknown = await startDaemon(
      ['--config-file', config, '-w', 'no-such-workspace', command],
      directory,
    )
    expect(await unknown.exited).toBe(exitCodes.handled)
    expect(unknown.lines.at(-1)).toMatchObject({ code: 'connection_rejected' })
    expect(String(unknown.lines.at(-1)?.message)).toContain('Workspace "no-such-workspace" not found')
    const missing = await startDaemon(['--config-file', config, './no-such-command'], directory)
    expect(await missing.exited).toBe(exitCodes.handled)
    expect(missing.lines.at(-1)).toMatchObject({ code: 'command_not_found' })
    const noConfig = await startDaemon(['--config-file', join(directory, 'nope.ini'), command], directory)
    expect(await noConfig.exited).toBe(exitCodes.handled)
    expect(String(noConfig.lines.at(-1)?.message)).toMatch(/^Cannot read .*nope\.ini/)
    const usage = await startDaemon(['--bogus'], directory)
    expect(await usage.exited).toBe(exitCodes.usage)
  })
})
