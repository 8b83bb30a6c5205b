/**
 * The built daemon as a service on the real Debusine server: health endpoints and the
 * systemd notification protocol, time limits and retries, draining at SIGTERM, a full
 * queue, and a reload at SIGHUP. Asserts behaviour, never timing.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { daemonBin, startDaemon, type DaemonProcess } from './support/daemon-process.js'
import { completeNoops, health, notifySocket, runs, serviceSetup, until } from './support/service-helpers.js'

const connected = (line: Record<string, unknown>): boolean =>
  typeof line.message === 'string' && line.message.includes('onnected to the completion channel')
const message =
  (text: string) =>
  (line: Record<string, unknown>): boolean =>
    line.message === text

beforeAll(() => {
  daemonBin()
})

async function stop(daemon: DaemonProcess): Promise<number | null> {
  daemon.child.kill('SIGTERM')
  return daemon.exited
}

const sorted = (ids: Iterable<number>): number[] => [...ids].toSorted((a, b) => a - b)

async function stateOf(directory: string): Promise<string | null> {
  const text = await readFile(join(directory, 'state.json'), 'utf8')
  return (JSON.parse(text) as { last_completed_at: string | null }).last_completed_at
}

describe('debusine-ts-daemon as a service (real server)', { timeout: 300_000 }, () => {
  it('serves /healthz and /readyz, notifies systemd (READY, WATCHDOG, STOPPING), logs each command as JSON', async () => {
    const { directory, config, command } = await serviceSetup()
    const notify = await notifySocket(directory)
    const ws = await freshWorkspace('health')
    const daemon = await startDaemon(
      ['--config-file', config, '-w', ws, '--jobs', '2', '--health', '127.0.0.1:0', command],
      directory,
      { NOTIFY_SOCKET: notify.path, WATCHDOG_USEC: '400000' },
    )
    const port = Number((await daemon.waitForLine(message('Health endpoint listening'))).port)
    expect(await health(port, '/healthz')).toEqual({ status: 200, body: { alive: true, stopping: false } })
    await until(() => notify.messages.some((text) => text.startsWith('READY=1')), 'READY=1')
    const ready = await health(port, '/readyz')
    expect(ready).toMatchObject({
      status: 200,
      body: { ready: true, connected: true, caughtUp: true, queueLength: 0, running: 0 },
    })
    const ids = sorted(await completeNoops(ws, 2))
    await until(async () => (await runs(directory)).ends.size === 2, 'two commands')
    // A completion counts once its record is written, after the command's own end mark.
    const recorded = async (): Promise<boolean> => {
      const { body } = await health(port, '/readyz')
      return body.lastEventAt !== null && (body.commands as { completions: number }).completions === 2
    }
    await until(recorded, 'the two completions recorded')
    const after = await health(port, '/readyz')
    expect(after.body.commands).toMatchObject({
      started: 2,
      succeeded: 2,
      failed: 0,
      timedOut: 0,
      completions: 2,
    })
    expect(await health(port, '/nope')).toMatchObject({ status: 404 })
    await until(() => notify.messages.includes('WATCHDOG=1'), 'WATCHDOG=1')
    expect(await stop(daemon)).toBe(exitCodes.success)
    await until(() => notify.messages.some((text) => text.startsWith('STOPPING=1')), 'STOPPING=1')
    notify.close()
    const ended = daemon.lines.filter(message('Command ended'))
    expect(sorted(ended.map((line) => Number(line.workRequestId)))).toEqual(ids)
    for (const line of ended) {
      expect(line).toMatchObject({
        level: 'info',
        outcome: 'succeeded',
        exitCode: 0,
        signal: null,
        attempt: 1,
      })
      expect(typeof line.durationMs).toBe('number')
    }
    expect(daemon.lines.filter(message('Command started'))).toHaveLength(2)
  })

  it('stops a hanging command at its time limit (SIGTERM, then SIGKILL), retries it, then records it as done', async () => {
    // Ignores SIGTERM: only SIGKILL ends it.
    const { directory, config, command } = await serviceSetup(
      `trap 'echo "term $id" >> runs.txt' TERM\nwhile :; do sleep 0.1; done`,
    )
    const ws = await freshWorkspace('timeout')
    const daemon = await startDaemon(
      [
        '--config-file',
        config,
        '-w',
        ws,
        '--last-completed-at',
        'state.json',
        '--command-timeout',
        '1',
        '--kill-after',
        '1',
        '--retries',
        '1',
        '--retry-delay',
        '0.1',
        command,
      ],
      directory,
    )
    await daemon.waitForLine(connected)
    const [id] = await completeNoops(ws, 1)
    await until(() => daemon.lines.filter(message('Command ended')).length === 2, 'two attempts')
    const ended = daemon.lines.filter(message('Command ended'))
    expect(ended.map((line) => [line.workRequestId, line.attempt, line.outcome, line.signal])).toEqual([
      [id, 1, 'timed out', 'SIGKILL'],
      [id, 2, 'timed out', 'SIGKILL'],
    ])
    expect(daemon.lines.some(message('Retrying the command'))).toBe(true)
    const started = daemon.lines.find(message('Command started'))
    await until(async () => (await stateOf(directory)) !== null, 'the state file')
    expect(Date.parse(String(await stateOf(directory)))).toBe(Date.parse(String(started?.completedAt)))
    expect((await readFile(join(directory, 'runs.txt'), 'utf8')).match(/^term /gm)?.length).toBe(2)
    expect(await stop(daemon)).toBe(exitCodes.success)
    expect(daemon.lines.find(message('Commands'))).toMatchObject({ started: 2, timedOut: 2, completions: 1 })
  })

  it('at SIGTERM lets the running commands finish and exits 0; what waited runs at the next start, once', async () => {
    const { directory, config, command } = await serviceSetup('sleep 5')
    const ws = await freshWorkspace('drain')
    const args = [
      '--config-file',
      config,
      '-w',
      ws,
      '--jobs',
      '2',
      '--last-completed-at',
      'state.json',
      command,
    ]
    const first = await startDaemon(args, directory)
    await first.waitForLine(connected)
    const completing = completeNoops(ws, 3)
    await until(async () => (await runs(directory)).starts.size === 2, 'two running commands')
    const drained = await runs(directory)
    expect(drained.ends.size).toBe(0)
    expect(await stop(first)).toBe(exitCodes.success)
    const ids = sorted(await completing)
    expect(sorted((await runs(directory)).ends.keys())).toEqual(sorted(drained.starts.keys()))
    const second = await startDaemon(args, directory)
    await until(async () => (await runs(directory)).ends.size === 3, 'the third command')
    expect(await stop(second)).toBe(exitCodes.success)
    const { starts, ends } = await runs(directory)
    expect(sorted(ends.keys())).toEqual(ids)
    expect([...starts.values(), ...ends.values()].every((count) => count === 1)).toBe(true)
  })

  it('with a full queue lets completions go and takes them again from a replay: each runs once', async () => {
    const { directory, config, command } = await serviceSetup('sleep 0.1')
    const ws = await freshWorkspace('overflow')
    // A state file from just before: the daemon starts on a replay of all twelve at once.
    const since = new Date(Date.now() - 1_000).toISOString().replace('Z', '+00:00')
    await writeFile(join(directory, 'state.json'), `{\n  "last_completed_at": "${since}"\n}\n`)
    const ids = sorted(await completeNoops(ws, 12))
    const daemon = await startDaemon(
      [
        '--config-file',
        config,
        '-w',
        ws,
        '--jobs',
        '1',
        '--queue-limit',
        '2',
        '--last-completed-at',
        'state.json',
        command,
      ],
      directory,
    )
    await until(async () => (await runs(directory)).ends.size === 12, 'twelve commands')
    await daemon.waitForLine(message('Ready: connected and caught up'))
    expect(await stop(daemon)).toBe(exitCodes.success)
    expect(daemon.lines.some((line) => String(line.message).startsWith('The queue is full'))).toBe(true)
    const { starts } = await runs(directory)
    expect(sorted(starts.keys())).toEqual(ids)
    expect([...starts.values()].every((count) => count === 1)).toBe(true)
  })

  it('at SIGHUP reads the configuration again without stopping the running command', async () => {
    const { directory, config, command } = await serviceSetup('sleep 3')
    const ws = await freshWorkspace('reload')
    const daemon = await startDaemon(['--config-file', config, '-w', ws, command], directory)
    await daemon.waitForLine(connected)
    const [first] = await completeNoops(ws, 1)
    await until(async () => (await runs(directory)).starts.size === 1, 'the first command')
    // The same server under another name: the reload shows it read the file again.
    await writeFile(config, (await readFile(config, 'utf8')).replaceAll('realserver', 'renamed'))
    daemon.child.kill('SIGHUP')
    expect(
      await daemon.waitForLine(message('Reloaded: resubscribing with the configuration read again')),
    ).toMatchObject({
      server: 'renamed',
    })
    // The command's own end mark comes before the daemon sees it exit: wait for the log line.
    expect(await daemon.waitForLine(message('Command ended'))).toMatchObject({
      workRequestId: first,
      outcome: 'succeeded',
    })
    const [second] = await completeNoops(ws, 1)
    await until(async () => (await runs(directory)).ends.size === 2, 'the second command')
    expect(await stop(daemon)).toBe(exitCodes.success)
    const { starts } = await runs(directory)
    expect(sorted(starts.keys())).toEqual(sorted([first ?? 0, second ?? 0]))
    expect([...starts.values()].every((count) => count === 1)).toBe(true)
  })
})
