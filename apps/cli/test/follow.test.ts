/**
 * `work-request watch --timeout` against the real Debusine server (0.16 or 0.11): the wait is
 * the client's (`maxWait`), its timeout the CLI's exit code 13.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, serverLacks } from '../../../tooling/vitest/real-server.js'
import { abortAsAdmin } from '../../../packages/client/test/support/admin.js'
import { runCli, writeConfig } from './support/run-cli.js'

let config: string

const cli = (argv: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--config-file', config, ...argv], options)

beforeAll(async () => {
  config = writeConfig({ workspace: await freshWorkspace('cli-follow') })
})

/** A work request no worker of the test server runs: it stays pending until aborted. */
async function pendingWorkRequest(): Promise<string> {
  const created = await cli(['work-request', 'create', 'mmdebstrap', '--json'], {
    stdin:
      'bootstrap_options: {architecture: amd64}\n' +
      'bootstrap_repositories: [{mirror: "http://mirror.example/debian", suite: bookworm}]\n',
  })
  expect(created.code, created.stderr).toBe(0)
  return String((JSON.parse(created.stdout) as { id: number }).id)
}

/** Abort `id` with the CLI, or as the administrator where the server's API has no abort (0.11). */
async function abort(id: string): Promise<void> {
  if (serverLacks('workRequests.abort')) return abortAsAdmin([Number(id)])
  expect((await cli(['work-request', 'abort', id])).code).toBe(0)
}

describe('work-request watch --timeout', () => {
  it('exits 13 when the work request is still unfinished, saying how to follow it again', async () => {
    const id = await pendingWorkRequest()
    try {
      const watched = await cli(['work-request', 'watch', id, '--timeout', '1'])
      expect(watched.code).toBe(13)
      expect(watched.stderr).toContain(`Work request ${id} did not complete within 1 seconds.`)
      expect(watched.stderr).toContain(`'debusine-ts work-request watch ${id}' follows it again`)
      expect(watched.stdout).toBe('')
    } finally {
      await abort(id)
    }
    const aborted = await cli(['work-request', 'watch', id, '--timeout', '30', '--json'])
    expect(aborted.code).toBe(12)
    expect(JSON.parse(aborted.stdout)).toMatchObject({ status: 'aborted' })
  })

  it('an interruption while waiting exits 130 and leaves the work request going', async () => {
    const id = await pendingWorkRequest()
    const controller = new AbortController()
    try {
      const { code, stderr } = await cli(['work-request', 'watch', id], {
        signal: controller.signal,
        // Interrupted as soon as the wait begins, as Ctrl-C would.
        onStderr: (text) => {
          if (text.includes('Waiting for work request')) controller.abort()
        },
      })
      expect(code).toBe(130)
      expect(stderr).toContain(`Interrupted; work request ${id} goes on on the server.`)
      expect(JSON.parse((await cli(['work-request', 'show', id, '--json'])).stdout)).toMatchObject({
        status: 'pending',
      })
    } finally {
      await abort(id)
    }
  })
})
