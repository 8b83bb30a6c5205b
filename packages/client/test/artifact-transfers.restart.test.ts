/**
 * Artifact transfers while the whole real server restarts (every daemon: `down`, then
 * `up`). A fault proxy holds the transfer still (a stall, not a timer) so that the restart
 * always lands in the middle of it. Restarts the server: run against an instance of your
 * own, or in CI, where `*.restart.test.ts` files run alone after everything else.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { TestArtifact } from '@debusine-ts/artifacts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PASS, startFaultProxy, type Fate, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { restartServer } from '../../events/test/support/real-server-work.js'
import { localTree, tree } from './support/artifact-round-trip.js'
import { clientOn, MiB, randomFiles } from './support/transfer-fixtures.js'

let workspace: string
let scratch: string
let proxy: FaultProxy | undefined
const SLOW = { timeout: 900_000 }
// The restart takes ~20-60 s: the transfer must neither stall out nor give up meanwhile.
const patient = { stallTimeout: 240_000, progressTimeout: 600_000 }

beforeAll(async () => {
  workspace = await freshWorkspace('restarts')
  scratch = mkdtempSync('/tmp/debusine-ts-restarts-')
})
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A fate that stalls the first request `matches` selects after `afterBytes`, and reports when. */
function stallFirst(
  matches: (method: string, headers: Readonly<Record<string, string>>) => boolean,
  direction: 'up' | 'down',
  afterBytes: number,
): {
  request: (context: { method: string; headers: Readonly<Record<string, string>> }) => Fate
  stalled: Promise<void>
} {
  let stalled = false
  let announce: () => void = () => undefined
  const promise = new Promise<void>((resolve) => (announce = resolve))
  return {
    stalled: promise,
    request: ({ method, headers }) => {
      if (stalled || !matches(method, headers)) return PASS
      stalled = true
      announce()
      return { kind: 'stall', direction, afterBytes }
    },
  }
}

describe('the server restarts during a transfer', () => {
  it('an upload goes on from the server offset once it is back, into the same artifact', SLOW, async () => {
    const directory = join(scratch, 'upload')
    const names = randomFiles(directory, 2, 64)
    const local = await TestArtifact.create({
      files: names.map((name) => join(directory, name)),
      baseDirectory: directory,
    })
    const stall = stallFirst(
      (method, headers) => method === 'PUT' && headers['content-range']?.startsWith('bytes 0-') === true,
      'up',
      16 * MiB,
    )
    proxy = await startFaultProxy({
      target: realServer().apiUrl,
      seed: 1301,
      fates: { request: stall.request },
    })
    const upload = clientOn(proxy.url, workspace).artifacts.upload(local, { resume: false, ...patient })
    await stall.stalled
    await restartServer()
    const artifact = await upload
    expect(artifact.files_to_upload).toEqual([])
    const posts = proxy.counters.requests.filter((request) => request.method === 'POST')
    expect(posts).toHaveLength(1)
    const out = join(scratch, 'upload-out')
    await clientOn(realServer().apiUrl, workspace).artifacts.downloadTo(artifact.id, out)
    expect(tree(out)).toEqual(localTree(local))
  })

  it('a download resumes with Range once it is back, and verifies', SLOW, async () => {
    const directory = join(scratch, 'download')
    const local = await TestArtifact.create({
      files: randomFiles(directory, 1, 64).map((name) => join(directory, name)),
      baseDirectory: directory,
    })
    const artifact = await clientOn(realServer().apiUrl, workspace).artifacts.upload(local, { resume: false })
    const stall = stallFirst(
      (method, headers) =>
        method === 'GET' && headers.range === undefined && !headers.accept?.includes('json'),
      'down',
      24 * MiB,
    )
    proxy = await startFaultProxy({
      target: realServer().apiUrl,
      seed: 1302,
      fates: { request: stall.request },
    })
    const out = join(scratch, 'download-out')
    const download = clientOn(proxy.url, workspace).artifacts.downloadTo(artifact.id, out, patient)
    await stall.stalled
    await restartServer()
    await download
    expect(tree(out)).toEqual(localTree(local))
    const resumed = proxy.counters.requests.filter((request) => request.headers.range !== undefined)
    expect(resumed.length).toBeGreaterThan(0)
  })
})
