/**
 * The built daemon under a burst of completions on the real Debusine server: `--jobs 4`
 * runs each completion's command exactly once; a `kill -9` in the middle of a burst and a
 * restart re-run nothing that was recorded as finished and miss nothing. Prints the
 * figures (completion → command start, peak memory); asserts no timing.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { daemonBin, startDaemon, type DaemonProcess } from './support/daemon-process.js'
import { completeNoops, peakRssMiB, quantile, runs, serviceSetup, until } from './support/service-helpers.js'

const burst = 300
const connected = (line: Record<string, unknown>): boolean =>
  typeof line.message === 'string' && line.message.includes('onnected to the completion channel')

beforeAll(() => {
  daemonBin()
})

async function stop(daemon: DaemonProcess): Promise<number | null> {
  daemon.child.kill('SIGTERM')
  return daemon.exited
}

const sorted = (ids: Iterable<number>): number[] => [...ids].toSorted((a, b) => a - b)

/** What the state file and the in-flight file say finished (ids of `ids`, completed at `instants`). */
async function recordedAsFinished(directory: string, instants: Map<number, number>): Promise<Set<number>> {
  const state = JSON.parse(await readFile(join(directory, 'state.json'), 'utf8')) as {
    last_completed_at: string | null
  }
  const inFlight = JSON.parse(
    await readFile(join(directory, 'state.json.in-flight'), 'utf8').catch(() => '{"pending":[],"done":[]}'),
  ) as {
    pending: { work_request_id: number }[]
    done: { work_request_id: number }[]
  }
  const mark =
    state.last_completed_at === null ? Number.NEGATIVE_INFINITY : Date.parse(state.last_completed_at)
  const pending = new Set(inFlight.pending.map((entry) => entry.work_request_id))
  const finished = new Set(inFlight.done.map((entry) => entry.work_request_id))
  for (const [id, instant] of instants) if (instant <= mark && !pending.has(id)) finished.add(id)
  return finished
}

describe('debusine-ts-daemon under a burst (real server)', () => {
  it(`runs each of ${burst} completions exactly once with --jobs 4`, { timeout: 600_000 }, async () => {
    const workspace = await freshWorkspace('burst')
    const { directory, config, command } = await serviceSetup()
    const daemon = await startDaemon(
      ['--config-file', config, '-w', workspace, '--jobs', '4', '--last-completed-at', 'state.json', command],
      directory,
    )
    await daemon.waitForLine(connected)
    const started = Date.now()
    const ids = sorted(await completeNoops(workspace, burst))
    const created = Date.now()
    await until(async () => (await runs(directory)).ends.size >= burst, `${burst} commands`, 300_000)
    const done = Date.now()
    await until(
      () => daemon.lines.filter((line) => line.message === 'Command ended').length >= burst,
      'the logs',
    )
    const peak = await peakRssMiB(daemon.child.pid ?? 0)
    expect(await stop(daemon)).toBe(exitCodes.success)
    const { starts, ends } = await runs(directory)
    expect(sorted(starts.keys())).toEqual(ids)
    expect([...starts.values(), ...ends.values()].every((count) => count === 1)).toBe(true)
    const latencies = daemon.lines
      .filter((line) => line.message === 'Command started')
      .map((line) => Number(line.sinceCompletionMs))
    expect(latencies).toHaveLength(burst)
    const inFlight = JSON.parse(await readFile(join(directory, 'state.json.in-flight'), 'utf8')) as {
      pending: unknown[]
    }
    expect(inFlight.pending).toEqual([])
    console.log(
      `burst of ${burst}, --jobs 4: completed by the server in ${created - started} ms, every command ended ` +
        `${done - started} ms after the first completion; completion → command start median ` +
        `${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms, max ${quantile(latencies, 1)} ms; ` +
        `peak RSS ${peak} MiB`,
    )
  })

  it(
    'after kill -9 mid-burst and a restart, every completion ran, none recorded as finished ran again',
    { timeout: 600_000 },
    async () => {
      const workspace = await freshWorkspace('burst-kill')
      // Slow enough that the burst outlasts the kill.
      const { directory, config, command } = await serviceSetup('sleep 0.2')
      const args = [
        '--config-file',
        config,
        '-w',
        workspace,
        '--jobs',
        '4',
        '--last-completed-at',
        'state.json',
        command,
      ]
      const first = await startDaemon(args, directory)
      await first.waitForLine(connected)
      const completing = completeNoops(workspace, 100)
      await until(async () => (await runs(directory)).ends.size >= 30, '30 commands')
      first.child.kill('SIGKILL')
      await first.exited
      const ids = sorted(await completing)
      // The instants of the completions, as the daemon logged them.
      const instants = new Map(
        first.lines
          .filter((line) => line.message === 'Command started')
          .map((line) => [Number(line.workRequestId), Date.parse(String(line.completedAt))] as const),
      )
      const finished = await recordedAsFinished(directory, instants)
      const before = await runs(directory)
      const second = await startDaemon(args, directory)
      await until(
        async () => sorted((await runs(directory)).ends.keys()).length >= ids.length,
        'every command',
      )
      await until(
        () => second.lines.some((line) => line.message === 'Ready: connected and caught up'),
        'caught up',
      )
      expect(await stop(second)).toBe(exitCodes.success)
      const after = await runs(directory)
      expect(sorted(after.ends.keys())).toEqual(ids)
      const again = ids.filter((id) => (after.starts.get(id) ?? 0) > 1)
      expect(again.filter((id) => finished.has(id))).toEqual([])
      // Only what had started and not been recorded runs twice.
      expect(again.every((id) => before.starts.has(id))).toBe(true)
      console.log(
        `kill -9 after ${before.ends.size} of ${ids.length} commands: ${finished.size} recorded as finished, ` +
          `${again.length} run again (started, not recorded: ${again.join(' ') || 'none'})`,
      )
    },
  )
})
