/**
 * A restart of every server daemon (HTTP, Celery, scheduler, redis, PostgreSQL, worker)
 * while four listeners wait: a subscription, `waitForCompletion`, `onWorkRequestCompleted`
 * (what `debusine-ts work-request on-completed` runs) and the daemon binary. Every
 * completion reaches each listener once: none lost, none run twice.
 */
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { DebusineClient } from '@debusine-ts/client'
import type { WorkRequest } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, noopData, realServer } from '../../../tooling/vitest/real-server.js'
import { manualReview } from '../../client/test/support/manual-steps.js'
import {
  startDaemon,
  writeConfig,
  type DaemonProcess,
} from '../../../apps/daemon/test/support/daemon-process.js'
import { CompletionEvents, onWorkRequestCompleted, type CompletionEvent } from '../src/index.js'
import { restartServer } from './support/real-server-work.js'

let directory: string
let client: DebusineClient
/**
 * A workflow whose one step is blocked on a manual review: accepted after the restart, the
 * worker runs the step, and the workflow completes with it.
 */
let review: { workflow: number; review: number }
const stop = new AbortController()

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('restart')
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  review = await manualReview(workspace)
  directory = await mkdtemp(join(tmpdir(), 'restart-test-'))
  const record = join(directory, 'record')
  // Appends `<file> <id> <result>`: the first argument names the listener's own file.
  await writeFile(record, '#!/bin/sh\nprintf "%s %s\\n" "$2" "$3" >> "$1"\n')
  await chmod(record, 0o755)
})

afterAll(() => stop.abort())

/** The work request ids a listener's command ran for, one entry per run. */
async function ran(file: string): Promise<number[]> {
  const text = await readFile(join(directory, file), 'utf8').catch(() => '')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Number(line.split(' ')[0]))
}

async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`)
    await delay(200)
  }
}

const sorted = (ids: readonly number[]): number[] => ids.toSorted((a, b) => a - b)

describe('a restart of every server daemon (real server)', () => {
  it('loses no completion and runs none twice: subscription, waitForCompletion, onWorkRequestCompleted and the daemon', async () => {
    const workspace = client.workspace ?? ''
    const record = join(directory, 'record')
    const config = await writeConfig(directory, realServer().token)
    const daemon: DaemonProcess = await startDaemon(
      [
        '--config-file',
        config,
        '--workspace',
        workspace,
        '--last-completed-at',
        'daemon-state.json',
        record,
        'daemon.txt',
      ],
      directory,
    )
    let libraryConnected = false
    const library = onWorkRequestCompleted(client, {
      command: record,
      args: ['library.txt'],
      workspaces: [workspace],
      lastCompletedAt: join(directory, 'library-state.json'),
      workingDirectory: directory,
      signal: stop.signal,
      stdio: 'ignore',
      onConnect: () => {
        libraryConnected = true
      },
    })
    const events = new CompletionEvents(client)
    const subscription = events.subscribe({ workspaces: [workspace], signal: stop.signal })
    const seen: CompletionEvent[] = []
    const reading = (async () => {
      for await (const event of subscription) seen.push(event)
    })()
    let waited: WorkRequest | undefined
    const waiting = events
      .waitForCompletion(review.review, { workspace, signal: stop.signal })
      .then((request) => (waited = request))
    await subscription.ready
    await daemon.waitForLine((line) => String(line.message).includes('Connected to the completion channel'))
    await until(() => libraryConnected, 'onWorkRequestCompleted to connect')

    const before = await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') })
    const everyone = async (ids: readonly number[]): Promise<boolean> =>
      ids.every((id) => seen.some((event) => event.work_request_id === id)) &&
      (await ran('daemon.txt')).length >= ids.length &&
      (await ran('library.txt')).length >= ids.length
    await until(() => everyone([before.id]), 'the first completion')

    await restartServer()
    // Completed while the listeners are still away (they come back with backoff): replayed.
    const after = [
      await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') }),
      await client.workRequests.create({ task_name: 'noop', task_data: noopData('failure') }),
    ]
    expect(waited).toBeUndefined()
    await client.workRequests.unblock(review.review, { action: 'accept', notes: 'after the restart' })
    const all = [before.id, ...after.map((request) => request.id), review.review, review.workflow]
    await until(() => everyone(all), 'every completion after the restart', 180_000)
    await waiting
    expect(waited).toMatchObject({ id: review.review, status: 'completed', result: 'success' })

    // A moment for anything that would come twice, then each listener's record.
    await delay(2_000)
    expect(sorted(seen.map((event) => event.work_request_id))).toEqual(sorted(all))
    expect(sorted(await ran('daemon.txt'))).toEqual(sorted(all))
    expect(sorted(await ran('library.txt'))).toEqual(sorted(all))
    expect(daemon.lines.some((line) => String(line.message).includes('Reconnected'))).toBe(true)

    stop.abort()
    daemon.child.kill('SIGTERM')
    await Promise.all([library, reading, daemon.exited])
  }, 400_000)
})
