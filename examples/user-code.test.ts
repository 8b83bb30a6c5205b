/**
 * A test of user code against the fake server: the examples of this folder, each run in
 * the test's own process against `startFakeDebusine`, the test deciding how work requests
 * end and which faults the network has.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DebusineClient } from '@debusine-ts/client'
import { startFakeDebusine, type FakeDebusine } from '@debusine-ts/fake-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { failureMessage, HookArgumentsError, parseCompletionArguments } from './daemon-hook.js'
import { listWorkRequestPages } from './paged-listing.js'
import { uploadAndWait } from './upload-and-wait.js'

let fake: FakeDebusine
let client: DebusineClient

beforeEach(async () => {
  fake = await startFakeDebusine()
  client = new DebusineClient({ apiUrl: fake.apiUrl, token: fake.token, scope: fake.scope })
})
afterEach(async () => {
  await fake.close()
})

/** A directory holding `files` (name → content). */
async function directoryWith(files: Record<string, string>): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-example-'))
  for (const [name, content] of Object.entries(files)) await writeFile(join(directory, name), content)
  return directory
}

/** A noop work request, created as user code would. */
async function createNoop(): Promise<number> {
  const request = await client.workRequests.create({
    task_name: 'noop',
    task_data: { result: 'success' },
    event_reactions: {},
  })
  return request.id
}

describe('upload-and-wait', () => {
  it('uploads the files, starts the work request and returns it completed', async () => {
    const baseDirectory = await directoryWith({ 'build.log': 'built\n', 'result.txt': 'ok\n' })
    const result = await uploadAndWait(client, {
      files: ['build.log', 'result.txt'],
      baseDirectory,
      pollInterval: 10,
      onStarted: (request) => fake.completeWorkRequest(request.id, 'success'),
    })
    expect(result.workRequest).toMatchObject({ status: 'completed', result: 'success' })
    const artifact = await client.artifacts.get(result.artifactId)
    expect(Object.keys(artifact.files).sort()).toEqual(['build.log', 'result.txt'])
  })

  it('gets its files through when a connection is cut after the server stored a file', async () => {
    const baseDirectory = await directoryWith({ 'build.log': 'x'.repeat(100_000) })
    fake.injectFault({ method: 'PUT', path: /\/files\//, fault: { kind: 'reset-after' } })
    const result = await uploadAndWait(client, {
      files: ['build.log'],
      baseDirectory,
      pollInterval: 10,
      onStarted: (request) => fake.completeWorkRequest(request.id, 'success'),
    })
    const artifact = await client.artifacts.get(result.artifactId)
    expect(artifact.files['build.log']?.size).toBe(100_000)
    // The cut answer was followed by a probe of where the file stands, never a second artifact.
    const sent = fake.receivedRequests().map((request) => `${request.method} ${request.target}`)
    expect(sent.filter((line) => line.startsWith('PUT ')).length).toBeGreaterThan(1)
    expect(sent.filter((line) => line === 'POST /api/1.0/artifact/')).toHaveLength(1)
  })
})

describe('paged-listing', () => {
  it('reads the server pages in order, newest first, and stops at maxPages', async () => {
    const ids: number[] = []
    for (let index = 0; index < 25; index++) ids.push(await createNoop())
    const pages = await listWorkRequestPages(client, { maxPages: 5 })
    expect(pages.map((page) => page.ids)).toEqual([
      ids.slice(15).reverse(),
      ids.slice(5, 15).reverse(),
      ids.slice(0, 5).reverse(),
    ])
    const firstOnly = await listWorkRequestPages(client, { maxPages: 1 })
    expect(firstOnly).toEqual([{ number: 1, ids: ids.slice(15).reverse() }])
  })
})

describe('daemon-hook', () => {
  it('says nothing of a success and names a failure with its page', async () => {
    const id = await createNoop()
    await fake.failWorkRequest(id)
    expect(await failureMessage(client, ['--quiet', String(id), 'success'])).toBeUndefined()
    expect(await failureMessage(client, [String(id), 'failure'])).toBe(
      `Work request ${id} (noop) ended: failure; ${client.webPageUrl('work-request', await client.workRequests.get(id))}`,
    )
  })

  it('refuses a command line that does not end with an id and a result, naming argv', () => {
    expect(() => parseCompletionArguments(['0', 'success'])).toThrow(HookArgumentsError)
    expect(() => parseCompletionArguments(['42'])).toThrow('argv: must end with a work request id')
  })
})
