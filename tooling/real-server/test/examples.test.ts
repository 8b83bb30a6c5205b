/**
 * The runnable examples of `examples/` against the real server (their test against the fake
 * is `examples/user-code.test.ts`): the worker runs the noop the service starts and waits for.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DebusineClient } from '@debusine-ts/client'
import { beforeAll, describe, expect, it } from 'vitest'
import { failureMessage } from '../../../examples/daemon-hook.js'
import { listWorkRequestPages } from '../../../examples/paged-listing.js'
import { uploadAndWait } from '../../../examples/upload-and-wait.js'
import { freshWorkspace, noopData, realServer } from '../../vitest/real-server.js'

let client: DebusineClient

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('examples')
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

describe('the examples against the real server', () => {
  it(
    'upload-and-wait: uploads, starts a noop the worker runs, and returns it completed',
    { timeout: 300_000 },
    async () => {
      const baseDirectory = await mkdtemp(join(tmpdir(), 'debusine-ts-example-'))
      await writeFile(join(baseDirectory, 'build.log'), 'built\n')
      const started: number[] = []
      const result = await uploadAndWait(client, {
        files: ['build.log'],
        baseDirectory,
        pollInterval: 500,
        taskData: noopData('success'),
        onStarted: (request) => void started.push(request.id),
      })
      expect(result.workRequest).toMatchObject({ id: started[0], status: 'completed', result: 'success' })
      expect(Object.keys((await client.artifacts.get(result.artifactId)).files)).toEqual(['build.log'])
      // The hook stays quiet about a success (and reads nothing for it).
      expect(await failureMessage(client, [String(result.workRequest.id), 'success'])).toBeUndefined()
      // Two pages of the whole server's work requests (other tests add theirs): newest first.
      const pages = await listWorkRequestPages(client, { maxPages: 2 })
      const ids = pages.flatMap((page) => page.ids)
      expect(pages.map((page) => page.number)).toEqual([1, 2])
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
    },
  )
})
