/**
 * `client.debian.import` against the real Debusine 0.16.2 server: a real source package
 * and .deb, from local paths, a file:// URL and a loopback http(s) server (dget-style,
 * with hash checks), with the upload's relations.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ArtifactRuleError } from '@debusine-ts/artifacts'
import type { Artifact } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MixedUploadFixture } from '../../artifacts/test/support/debian-upload-fixtures.js'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { AbortError } from '@debusine-ts/transport'
import { DebianDownloadError, DebusineClient, UploadJournal } from '../src/index.js'
import { countingFetch } from './support/artifact-counting-fetch.js'
import { sha256 } from './support/artifact-round-trip.js'
import { serveDirectory, type LoopbackFileServer } from './support/loopback-file-server.js'
import { serveMixedUpload, type ServedUpload } from './support/served-upload.js'

let workspace: string
let client: DebusineClient
let root: string
let fixture: MixedUploadFixture
let server: LoopbackFileServer
let served: ServedUpload

beforeAll(async () => {
  workspace = await freshWorkspace('debian-import')
  const env = realServer()
  client = new DebusineClient({ apiUrl: env.apiUrl, token: env.token, scope: env.scope, workspace })
  served = await serveMixedUpload('debusine-ts-import-test-')
  ;({ root, fixture, server } = served)
})

afterAll(() => served.close())

/** Path → SHA-256 of the artifact's files, as the server describes them. */
const serverFiles = (artifact: Artifact): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(artifact.files).map(([name, file]) => [name, file.checksums.sha256]))

const localFiles = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, sha256(readFileSync(join(fixture.directory, name)))]))

describe('debian.import', () => {
  it('a .changes from an http URL: the upload extends and relates to its source and binary packages', async () => {
    const { artifact, related } = await client.debian.import(`${server.base}hello_1.0-1_amd64.changes`)
    expect(server.requested.sort()).toEqual([
      'hello_1.0-1.debian.tar.xz',
      'hello_1.0-1.dsc',
      'hello_1.0-1_amd64.changes',
      'hello_1.0-1_amd64.deb',
      'hello_1.0.orig.tar.gz',
    ])
    const upload = await client.artifacts.get(artifact.id)
    expect(upload).toMatchObject({ category: 'debian:upload', workspace })
    expect(serverFiles(upload)).toEqual(
      localFiles(
        'hello_1.0-1_amd64.changes',
        'hello_1.0-1.dsc',
        'hello_1.0.orig.tar.gz',
        'hello_1.0-1.debian.tar.xz',
        'hello_1.0-1_amd64.deb',
      ),
    )
    expect(related.map((each) => each.category)).toEqual(['debian:source-package', 'debian:binary-package'])
    expect((await client.artifacts.get(related[0]!.id)).data).toMatchObject({
      name: 'hello',
      version: '1.0-1',
    })
    const relations = await client.relations.list({ artifact: artifact.id })
    expect(relations.map((relation) => [relation.type, relation.target]).sort()).toEqual(
      [
        ['extends', related[0]!.id],
        ['relates-to', related[0]!.id],
        ['extends', related[1]!.id],
        ['relates-to', related[1]!.id],
      ].sort(),
    )
  })

  it('a .dsc from a local path and from a file:// URL; a .deb', async () => {
    const fromPath = await client.debian.import(fixture.dsc)
    const fromUrl = await client.debian.import(pathToFileURL(fixture.dsc).href)
    for (const { artifact, related } of [fromPath, fromUrl]) {
      expect(related).toEqual([])
      expect(serverFiles(await client.artifacts.get(artifact.id))).toEqual(
        localFiles('hello_1.0-1.dsc', 'hello_1.0.orig.tar.gz', 'hello_1.0-1.debian.tar.xz'),
      )
    }
    const deb = await client.debian.import(fixture.deb)
    expect(deb.artifact).toMatchObject({ category: 'debian:binary-package' })
  })

  it('a file that differs from its listing, or a file of another kind: nothing is created, nothing left behind', async () => {
    const tampered = await serveDirectory(join(root, 'pool'), {
      'hello_1.0-1.debian.tar.xz': () => ({ status: 503 }),
    })
    const scratch = join(root, 'tmp')
    mkdirSync(scratch)
    const previousTmp = process.env.TMPDIR
    process.env.TMPDIR = scratch
    const env = realServer()
    const counter = countingFetch()
    const counted = new DebusineClient({
      apiUrl: env.apiUrl,
      token: env.token,
      workspace,
      fetch: counter.fetch,
    })
    try {
      const error = await rejection(counted.debian.import(`${tampered.base}hello_1.0-1.dsc`))
      expect(DebianDownloadError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ code: 'http_status', isRetryable: true })
      expect(error.message).toContain('hello_1.0-1.debian.tar.xz: HTTP 503')
      // Nothing reached the Debusine server, and the temporary directory is gone.
      expect(counter.requests).toEqual([])
      expect(readdirSync(scratch)).toEqual([])
    } finally {
      // Assigning undefined would set the string "undefined".
      if (previousTmp === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previousTmp
      await tampered.close()
    }
    const other = await rejection(client.debian.import(join(root, 'pool', 'hello_1.0.orig.tar.gz')))
    expect(ArtifactRuleError.isInstance(other)).toBe(true)
    expect(other.message).toContain('is not supported')
  })

  it('run again after an interruption, continues the same artifacts: one artifact per file set in all', async () => {
    const env = realServer()
    // A workspace of its own: content the workspace already holds is never uploaded again.
    const resumeWorkspace = await freshWorkspace('debian-import-resume')
    const journal = new UploadJournal({
      directory: mkdtempSync(join(tmpdir(), 'debusine-ts-import-journal-')),
    })
    const counted = (): { client: DebusineClient; creates: () => number } => {
      const counter = countingFetch()
      const each = new DebusineClient({
        apiUrl: env.apiUrl,
        token: env.token,
        workspace,
        fetch: counter.fetch,
      })
      const creates = (): number =>
        counter.requests.filter((request) => /^POST .*\/artifact\/$/.test(request)).length
      return { client: each, creates }
    }
    // The first run stops once its second artifact (the source package) was created.
    const first = counted()
    const controller = new AbortController()
    const reason = new Error('interrupted')
    const interrupted = await rejection(
      first.client.debian.import(fixture.mixedChanges, {
        resume: journal,
        signal: controller.signal,
        onArtifact: (_artifact, { artifactIndex }) => {
          if (artifactIndex === 1) controller.abort(reason)
        },
      }),
    )
    // The abort's reason, as it is or as the cause of an AbortError, depending on where it struck.
    expect(
      interrupted === reason || (AbortError.isInstance(interrupted) && interrupted.cause === reason),
    ).toBe(true)
    expect(first.creates()).toBe(2)
    const second = counted()
    const notices: string[] = []
    const { artifact, related } = await second.client.debian.import(fixture.mixedChanges, {
      resume: journal,
      onNotice: (notice) => notices.push(`${notice.artifactIndex} ${notice.kind}`),
    })
    // The upload and the source package are found again; only the binary package is new.
    expect(second.creates()).toBe(1)
    expect(notices).toEqual(['0 resumed', '1 resumed'])
    expect(related.map((each) => each.category)).toEqual(['debian:source-package', 'debian:binary-package'])
    for (const each of [artifact, ...related])
      expect((await client.artifacts.get(each.id)).files_to_upload).toEqual([])
    expect(await second.client.relations.list({ artifact: artifact.id })).toHaveLength(4)
  })
})
