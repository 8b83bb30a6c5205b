/**
 * Commands run off the listener's loop: while one command runs for longer than the
 * channel's heartbeat interval (30 s), the built daemon stays connected (its pings are
 * answered), stays ready, and runs the next completion's command.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { startDaemon } from './support/daemon-process.js'
import { completeNoops, health, runs, serviceSetup, until } from './support/service-helpers.js'

it(
  'keeps the channel and readiness while a command outlasts the heartbeat interval (real server)',
  { timeout: 300_000 },
  async () => {
    // The first command runs 35 s and until another one has ended; the others return at once.
    const { directory, config, command } = await serviceSetup(
      "[ -e slow ] || { touch slow; sleep 35; until grep -q '^end' runs.txt; do sleep 0.2; done; }",
    )
    const workspace = await freshWorkspace('long')
    const daemon = await startDaemon(
      ['--config-file', config, '-w', workspace, '--jobs', '2', '--health', '127.0.0.1:0', command],
      directory,
    )
    const port = Number(
      (await daemon.waitForLine((line) => line.message === 'Health endpoint listening')).port,
    )
    await until(async () => (await health(port, '/readyz')).status === 200, 'ready')
    const [slow] = await completeNoops(workspace, 1)
    await until(async () => (await runs(directory)).starts.size === 1, 'the slow command')
    const [quick] = await completeNoops(workspace, 1)
    await until(async () => (await runs(directory)).ends.has(quick ?? 0), 'the quick command')
    await until(async () => (await runs(directory)).ends.has(slow ?? 0), 'the slow command to end', 120_000)
    // While the slow command ran: the quick one started and ended, and /readyz stayed ready.
    const order = (await readFile(join(directory, 'runs.txt'), 'utf8')).trim().split('\n')
    expect(order).toEqual([`start ${slow}`, `start ${quick}`, `end ${quick}`, `end ${slow}`])
    expect(await health(port, '/readyz')).toMatchObject({ status: 200, body: { connected: true } })
    const disconnects = daemon.lines.filter((line) => String(line.message).includes('disconnected'))
    expect(disconnects, 'the daemon lost the channel: its lines say why').toEqual([])
    expect(
      daemon.lines.filter((line) => String(line.message).includes('onnected to the completion channel')),
    ).toHaveLength(1)
    daemon.child.kill('SIGTERM')
    expect(await daemon.exited).toBe(exitCodes.success)
  },
)
