/**
 * Artifact transfers against the real Debusine server through the fault proxy (fixed
 * seeds): uploads and downloads that survive cut connections, a killed upload that the
 * same upload run again continues, a create whose answer is lost, and an artifact whose
 * upload never finished (issue 12).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { TestArtifact, type LocalArtifact } from '@debusine-ts/artifacts'
import type { Artifact } from '@debusine-ts/models'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PASS, startFaultProxy, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { UploadJournal, type UploadNotice } from '../src/index.js'
import { localTree, tree, write } from './support/artifact-round-trip.js'
import { bundleChild } from './support/child-bundle.js'
import { clientOn, MiB, missingBytes, randomFiles } from './support/transfer-fixtures.js'

let workspace: string
let scratch: string
let proxy: FaultProxy | undefined
/** Hundreds of MiB through the proxy and the server, on a shared 2-core machine. */
const HEAVY = { timeout: 600_000 }

beforeAll(async () => {
  workspace = await freshWorkspace('transfers')
  scratch = mkdtempSync('/tmp/debusine-ts-transfers-')
})
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A journal of its own for one test. */
function journal(): UploadJournal {
  return new UploadJournal({ directory: mkdtempSync(join(scratch, 'journal-')) })
}

async function localOf(directory: string, names: string[]): Promise<LocalArtifact> {
  return TestArtifact.create({ files: names.map((name) => join(directory, name)), baseDirectory: directory })
}

/** The artifact ids the PUTs that went through the proxy were for. */
function uploadedArtifactIds(faults: FaultProxy): number[] {
  const ids = faults.counters.requests
    .filter((request) => request.method === 'PUT')
    .map((request) => Number(/\/artifact\/(\d+)\/files\//.exec(request.target)?.[1]))
  return [...new Set(ids)]
}

/**
 * What the server lacks of an artifact once it is done with what it received: `hoped` as soon
 * as it gets there, else whatever it holds after half a minute without change.
 */
async function settledMissing(artifact: () => Promise<Artifact>, hoped: number): Promise<number> {
  let missing = await missingBytes(await artifact())
  for (let unchanged = 0; missing !== hoped && unchanged < 30; unchanged += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const now = await missingBytes(await artifact())
    if (now !== missing) unchanged = 0
    missing = now
  }
  return missing
}

describe('uploads under faults', () => {
  it('completes 3 × 64 MiB when every connection is cut after 1-48 MiB', HEAVY, async () => {
    const directory = join(scratch, 'cut-upload')
    const local = await localOf(directory, randomFiles(directory, 3, 64))
    proxy = await startFaultProxy({
      target: realServer().apiUrl,
      seed: 1201,
      fates: {
        connection: ({ random }) => ({ kind: 'cut', direction: 'up', afterBytes: random.int(MiB, 48 * MiB) }),
      },
    })
    const artifact = await clientOn(proxy.url, workspace).artifacts.upload(local, { resume: false })
    // The server answers 201 to a file only once its SHA-256 matched.
    expect(artifact.files_to_upload).toEqual([])
    expect(Object.keys(artifact.files).sort()).toEqual(['file-0.bin', 'file-1.bin', 'file-2.bin'])
    const cut = proxy.counters.connections.filter((connection) => connection.fate === 'cut')
    expect(cut.length).toBeGreaterThan(4)
    expect(uploadedArtifactIds(proxy)).toEqual([artifact.id])
  })

  it(
    'continues the same artifact after kill -9 at ~60 % of 3 × 128 MiB, sending only what the server lacks',
    HEAVY,
    async () => {
      const directory = join(scratch, 'killed-upload')
      const names = randomFiles(directory, 3, 128)
      const state = mkdtempSync(join(scratch, 'state-'))
      const child = await bundleChild('./upload-child.ts')
      const server = realServer()
      proxy = await startFaultProxy({ target: server.apiUrl, seed: 1202 })
      const run = spawn(
        process.execPath,
        [child, proxy.url, server.token, server.scope, workspace, directory, ...names],
        {
          env: { ...process.env, XDG_STATE_HOME: state },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      const exited = new Promise((resolve) => run.on('exit', resolve))
      for await (const line of createInterface({ input: run.stdout })) {
        const progress = JSON.parse(line) as { sent?: number; total?: number }
        if ((progress.sent ?? 0) >= 0.6 * (progress.total ?? Infinity)) {
          run.kill('SIGKILL')
          break
        }
      }
      await exited
      const [id, ...others] = uploadedArtifactIds(proxy)
      expect(others).toEqual([])
      const debusine = clientOn(server.apiUrl, workspace)
      // A file the server answered 201 to is stored; a file cut mid-body is not kept at all. A
      // file whose whole body the proxy passed on but that got no answer may be either: its last
      // bytes may not have been read yet, or the server dropped the request when its client went.
      const fileSize = 128 * MiB
      const puts = proxy.counters.requests.filter((request) => request.method === 'PUT')
      const targets = (whole: typeof puts) => new Set(whole.map((request) => request.target)).size
      const sent = puts.filter((request) => request.bodyBytesUp === fileSize)
      const atLeast = (names.length - targets(sent)) * fileSize
      const atMost = (names.length - targets(sent.filter((request) => request.status === 201))) * fileSize
      expect(atLeast).toBeGreaterThan(0)
      const missing = await settledMissing(() => debusine.artifacts.get(id as number), atLeast)
      expect(missing).toBeGreaterThanOrEqual(atLeast)
      expect(missing).toBeLessThanOrEqual(atMost)

      // The same upload again, with the same journal, through the same proxy.
      proxy.resetCounters()
      const notices: UploadNotice[] = []
      const uploads = new UploadJournal({
        directory: UploadJournal.defaultDirectory({ XDG_STATE_HOME: state }),
      })
      const artifact = await clientOn(proxy.url, workspace).artifacts.upload(
        await localOf(directory, names),
        {
          resume: uploads,
          onNotice: (notice) => notices.push(notice),
        },
      )
      expect(artifact.id).toBe(id)
      expect(artifact.files_to_upload).toEqual([])
      expect(notices).toMatchObject([{ kind: 'resumed', artifactId: id }])
      expect(proxy.counters.requests.filter((request) => request.method === 'POST')).toEqual([])
      expect(proxy.counters.bodyBytesUp((request) => request.method === 'PUT')).toBe(missing)
      // A completed upload leaves no entry behind.
      expect(readdirSync(uploads.directory).filter((name) => /^[0-9a-f]{64}\.json$/.test(name))).toEqual([])
    },
  )

  it('sends the next file while the server stores and checks the last one, each file once', async () => {
    const directory = join(scratch, 'pipelined-upload')
    const names = randomFiles(directory, 3, 4)
    let nextPutArrived!: () => void
    const nextPut = new Promise<void>((resolve) => (nextPutArrived = resolve))
    const server = realServer()
    proxy = await startFaultProxy({
      target: server.apiUrl,
      seed: 1205,
      fates: {
        // The first file's answer waits for the second file's request: a client that waited
        // for each answer before the next file would wait until its stall timeout.
        request: ({ method, target, request }) => {
          if (method !== 'PUT') return PASS
          if (target.includes('/files/file-0.bin/'))
            return request === 2 ? { kind: 'hold', until: nextPut } : PASS
          nextPutArrived()
          return PASS
        },
      },
    })
    const artifact = await clientOn(proxy.url, workspace).artifacts.upload(await localOf(directory, names), {
      resume: false,
      stallTimeout: 10_000,
    })
    const puts = proxy.counters.requests.filter((request) => request.method === 'PUT')
    expect(
      puts.map((request) => [/files\/([^/]+)\//.exec(request.target)?.[1], request.status, request.answered]),
    ).toEqual([
      ['file-0.bin', 201, true],
      ['file-1.bin', 201, true],
      ['file-2.bin', 201, true],
    ])
    expect(puts.map((request) => request.bodyBytesUp)).toEqual([4 * MiB, 4 * MiB, 4 * MiB])
    expect((await clientOn(server.apiUrl, workspace).artifacts.get(artifact.id)).files_to_upload).toEqual([])
  })

  it('finds the artifact whose create answer was lost instead of creating a second one', async () => {
    const directory = join(scratch, 'lost-create')
    const uploads = journal()
    proxy = await startFaultProxy({ target: realServer().apiUrl, seed: 1203 })
    const debusine = clientOn(proxy.url, workspace)
    // An earlier upload through the same journal tells it where the server's ids are.
    write(join(directory, 'first.txt'), 'first\n')
    await debusine.artifacts.upload(await localOf(directory, ['first.txt']), { resume: uploads })
    proxy.fates = {
      request: ({ method, target }) =>
        method === 'POST' && target.endsWith('/artifact/') ? { kind: 'drop-response', reset: true } : PASS,
    }
    write(join(directory, 'second.txt'), 'second\n')
    const notices: UploadNotice[] = []
    const artifact = await debusine.artifacts.upload(await localOf(directory, ['second.txt']), {
      resume: uploads,
      onNotice: (notice) => notices.push(notice),
    })
    expect(artifact.files_to_upload).toEqual([])
    expect(notices).toMatchObject([{ kind: 'recovered', artifactId: artifact.id }])
    const creates = proxy.counters.requests.filter((request) => request.method === 'POST')
    // One create each: the lost one was answered 201 by the server and never sent again.
    expect(creates.map((request) => [request.status, request.answered])).toEqual([
      [201, true],
      [201, false],
    ])
  })

  it('says the outcome is unknown, and sends nothing again, when there is nowhere to look', async () => {
    const directory = join(scratch, 'lost-create-unknown')
    proxy = await startFaultProxy({
      target: realServer().apiUrl,
      seed: 1204,
      fates: {
        request: ({ method }) => (method === 'POST' ? { kind: 'drop-response', reset: true } : PASS),
      },
    })
    write(join(directory, 'only.txt'), 'only\n')
    const attempt = clientOn(proxy.url, workspace).artifacts.upload(await localOf(directory, ['only.txt']), {
      resume: journal(),
    })
    await expect(attempt).rejects.toMatchObject({ code: 'create_outcome_unknown' })
    await expect(attempt).rejects.toThrow(/may or may not have created the debusine:test artifact/)
    expect(proxy.counters.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
  })
})

describe('downloads under faults', () => {
  it('verifies 2 × 64 MiB every time when connections are cut after 1-40 MiB', HEAVY, async () => {
    const directory = join(scratch, 'cut-download')
    const local = await localOf(directory, randomFiles(directory, 2, 64))
    const artifact = await clientOn(realServer().apiUrl, workspace).artifacts.upload(local, { resume: false })
    let resumed = 0
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      proxy = await startFaultProxy({
        target: realServer().apiUrl,
        seed,
        fates: {
          connection: ({ random }) => ({
            kind: 'cut',
            direction: 'down',
            afterBytes: random.int(MiB, 40 * MiB),
          }),
        },
      })
      const out = join(scratch, `cut-download-${seed}`)
      await clientOn(proxy.url, workspace).artifacts.downloadTo(artifact.id, out)
      expect(tree(out)).toEqual(localTree(local))
      resumed += proxy.counters.requests.filter((request) => request.headers.range !== undefined).length
      await proxy.close()
      proxy = undefined
      rmSync(out, { recursive: true })
    }
    expect(resumed).toBeGreaterThan(6)
  })
})

describe('incomplete artifacts', () => {
  it('refuses an artifact whose upload never finished, naming its files; takes the complete ones when asked', async () => {
    const base = join(scratch, 'incomplete')
    const half = randomBytes(64 * 1024)
    const local = await TestArtifact.create({
      files: [
        write(join(base, 'complete.txt'), 'complete\n'),
        write(join(base, 'half.bin'), half),
        write(join(base, 'never.bin'), 'never sent\n'),
      ],
      baseDirectory: base,
    })
    const debusine = clientOn(realServer().apiUrl, workspace)
    const created = await debusine.artifacts.create(local)
    await debusine.artifacts.uploadFiles(created.id, { 'complete.txt': join(base, 'complete.txt') })
    // Half of half.bin, sent by hand as a cut upload leaves it.
    const server = realServer()
    const put = await fetch(`${server.apiUrl}/1.0/artifact/${created.id}/files/half.bin/`, {
      method: 'PUT',
      headers: {
        Token: server.token,
        'X-Debusine-Scope': server.scope,
        'Content-Range': `bytes 0-${half.length / 2 - 1}/${half.length}`,
      },
      body: half.subarray(0, half.length / 2),
    })
    expect(put.status).toBe(200)
    const out = join(scratch, 'incomplete-out')
    mkdirSync(out)
    await expect(debusine.artifacts.downloadTo(created.id, out)).rejects.toThrow(
      new RegExp(
        `^Artifact ${created.id} is incomplete: 2 of its 3 file\\(s\\) were never fully uploaded: half.bin, never.bin\\. Nothing was downloaded`,
      ),
    )
    await expect(debusine.artifacts.downloadTo(created.id, out, { tarball: true })).rejects.toMatchObject({
      code: 'incomplete_artifact',
    })
    expect(readdirSync(out)).toEqual([])
    await debusine.artifacts.downloadTo(created.id, out, { completeFilesOnly: true })
    expect(readdirSync(out)).toEqual(['complete.txt'])
    await expect(debusine.artifacts.openFile(created.id, 'never.bin')).rejects.toMatchObject({
      code: 'missing_file',
    })
  })
})
