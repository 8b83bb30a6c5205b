/**
 * `/readyz` of the built daemon while the real server's HTTP workers restart (every
 * websocket drops): ready before, not ready while it reconnects and replays,
 * ready after, and the completions of the gap run once.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { reloadHttpWorkers } from '../../../packages/events/test/support/real-server-work.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { startDaemon } from './support/daemon-process.js'
import { completeNoops, health, runs, serviceSetup, until } from './support/service-helpers.js'

describe('debusine-ts-daemon /readyz across a server restart (real server)', () => {
  it(
    'goes not ready while the workers restart and ready after; nothing is lost',
    { timeout: 300_000 },
    async () => {
      const { directory, config, command } = await serviceSetup()
      const workspace = await freshWorkspace('readyz')
      const daemon = await startDaemon(
        ['--config-file', config, '-w', workspace, '--health', '127.0.0.1:0', command],
        directory,
      )
      const port = Number(
        (await daemon.waitForLine((line) => line.message === 'Health endpoint listening')).port,
      )
      await until(async () => (await health(port, '/readyz')).status === 200, 'ready')
      const [before] = await completeNoops(workspace, 1)
      await until(async () => (await runs(directory)).ends.size === 1, 'the first command')
      // Every answer of /readyz from the reload on, polled as fast as it answers.
      const seen: number[] = []
      let polling = true
      const poller = (async () => {
        while (polling) {
          seen.push((await health(port, '/readyz')).status)
          await delay(20)
        }
      })()
      const readyLines = daemon.lines.filter(
        (line) => line.message === 'Ready: connected and caught up',
      ).length
      await reloadHttpWorkers()
      await daemon.waitForLine(
        (line) => line.message === 'The completion channel was disconnected; reconnecting',
      )
      await until(
        () =>
          daemon.lines.filter((line) => line.message === 'Ready: connected and caught up').length >
          readyLines,
        'ready again',
      )
      await until(() => seen.at(-1) === 200, '/readyz answering 200 again')
      polling = false
      await poller
      expect(seen).toContain(503)
      expect(seen.indexOf(503)).toBeLessThan(seen.lastIndexOf(200))
      const [after] = await completeNoops(workspace, 1)
      await until(async () => (await runs(directory)).ends.size === 2, 'the command after the restart')
      daemon.child.kill('SIGTERM')
      expect(await daemon.exited).toBe(exitCodes.success)
      const { starts } = await runs(directory)
      expect([...starts.entries()].toSorted(([a], [b]) => a - b)).toEqual([
        [before, 1],
        [after, 1],
      ])
    },
  )
})
