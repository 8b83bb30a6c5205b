/**
 * The artifacts namespace against the real Debusine 0.16.2 server: create, get, resumable
 * uploads, verified downloads, and the Python client's view of the same artifacts.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  DebdiffArtifact,
  LintianArtifact,
  PackageBuildLogArtifact,
  RepositoryIndexArtifact,
  SigningInputArtifact,
  SourcePackageArtifact,
  TestArtifact,
  UploadArtifact,
  WorkRequestDebugLogsArtifact,
  type LocalArtifact,
} from '@debusine-ts/artifacts'
import { ValidationError } from '@debusine-ts/models'
import { AbortError, NotFoundError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { buildSourcePackage } from '../../artifacts/test/support/debian-fixtures.js'
import {
  freshWorkspace,
  pythonClient,
  realServer,
  requires,
  serverBefore,
} from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { localTree, roundTripArtifact, sha256, tree, write } from './support/artifact-round-trip.js'
import { ArtifactDownloadError } from '../src/errors/artifact-errors.js'
import { countingFetch, type FetchCounter } from './support/artifact-counting-fetch.js'

let workspace: string
let scratch: string

beforeAll(async () => {
  workspace = await freshWorkspace('artifacts')
  // Under /tmp so that the Python client (in the chroot) sees the same files.
  scratch = mkdtempSync('/tmp/debusine-ts-artifacts-')
  // The upload journal of these tests stays in their scratch directory.
  process.env.XDG_STATE_HOME = join(scratch, 'state')
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function client(counter?: FetchCounter): DebusineClient {
  const server = realServer()
  return new DebusineClient({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    workspace,
    ...(counter === undefined ? {} : { fetch: counter.fetch }),
  })
}

function directory(name: string): string {
  const path = join(scratch, name)
  mkdirSync(path, { recursive: true })
  return path
}

/** Round-trip through the real server (see roundTripArtifact); returns the artifact id. */
async function roundTrip(local: LocalArtifact, name: string): Promise<number> {
  return (await roundTripArtifact(client(), local, join(scratch, `${name}-out`))).id
}

describe('artifacts.upload and downloadTo', () => {
  it('round-trips a debusine:test artifact with an empty file, a subdirectory and non-ASCII names', async () => {
    const base = directory('test-kind')
    const files = [
      write(join(base, 'empty.txt'), ''),
      write(join(base, 'sub/dir/nested.txt'), 'nested\n'),
      write(join(base, 'ünïcødé-ファイル.txt'), 'non-ASCII name\n'),
      write(join(base, 'odd#name?x%41.bin'), randomBytes(1000)),
    ]
    const local = await TestArtifact.create({ files, baseDirectory: base })
    const id = await roundTrip(local, 'test-kind')

    // The Python client shows the same artifact and downloads the same bytes.
    const shown = await pythonClient(['artifact', 'show', String(id)])
    expect(shown.status).toBe(0)
    const pythonView = parse(shown.stdout) as Record<string, unknown>
    const ours = await client().artifacts.get(id)
    expect(pythonView).toMatchObject({
      id,
      workspace,
      category: 'debusine:test',
      data: {},
      files_to_upload: [],
    })
    // pydantic percent-encodes non-ASCII URLs; compare the URLs as URLs. 0.11.3 sends no
    // content_type or links, which the client then fills with their defaults.
    const sent = serverBefore('0.12.0') ? ['url', 'size', 'checksums', 'type'] : undefined
    const normalized = (files: unknown): unknown =>
      Object.fromEntries(
        Object.entries(files as Record<string, { url: string }>).map(([name, file]) => {
          const shown =
            sent === undefined ? file : Object.fromEntries(sent.map((key) => [key, file[key as 'url']]))
          return [name, { ...shown, url: new URL(file.url).href }]
        }),
      )
    expect(normalized(pythonView.files)).toEqual(normalized(JSON.parse(JSON.stringify(ours.files))))
    expect(Object.keys(ours.files)).toContain('ünïcødé-ファイル.txt')
    // A name with "#" and "?" (the server puts it raw in the file URL) still downloads alone.
    const odd = await client().artifacts.openFile(ours, 'odd#name?x%41.bin')
    expect(sha256(new Uint8Array(await new Response(odd).arrayBuffer()))).toBe(
      localTree(local)['odd#name?x%41.bin'],
    )
    const pythonOut = directory('test-kind-python')
    const downloaded = await pythonClient([
      'artifact',
      'download',
      String(id),
      '--target-directory',
      pythonOut,
    ])
    expect(downloaded.status, downloaded.stderr).toBe(0)
    expect(tree(pythonOut)).toEqual(localTree(local))
  })

  it('round-trips debug logs, a build log, a repository index, a debdiff, lintian and signing input', async () => {
    const base = directory('kinds')
    const summary = {
      tags_count_by_severity: { warning: 1 },
      package_filename: { hello: 'hello_1.0-1.dsc' },
      tags_found: ['tag'],
      overridden_tags_found: [],
      lintian_version: '2.116',
      distribution: 'sid',
    }
    const locals: [string, LocalArtifact][] = [
      [
        'debug-logs',
        await WorkRequestDebugLogsArtifact.create({
          files: [write(join(base, 'cmd-output.log'), 'output\n'), write(join(base, 'install.log'), 'ok\n')],
        }),
      ],
      [
        'build-log',
        await PackageBuildLogArtifact.create({
          file: write(join(base, 'hello_1.0-1_amd64.build'), 'dpkg-buildpackage\n'),
          source: 'hello',
          version: '1.0-1',
        }),
      ],
      [
        'repository-index',
        await RepositoryIndexArtifact.create({
          file: write(join(base, 'Release'), 'Origin: test\n'),
          path: 'dists/sid/Release',
        }),
      ],
      [
        'debdiff',
        await DebdiffArtifact.create({
          debdiffOutput: write(join(base, 'out.diff'), '--- a\n+++ b\n'),
          original: 'hello_1.0-1.dsc',
          new: 'hello_1.0-2.dsc',
        }),
      ],
      [
        'lintian',
        await LintianArtifact.create({
          analysis: write(join(base, 'lintian/analysis.json'), '{"tags": []}'),
          lintianOutput: write(join(base, 'lintian/lintian.txt'), 'W: hello: tag\n'),
          architecture: 'source',
          summary,
        }),
      ],
      [
        'signing-input',
        await SigningInputArtifact.create({
          files: [write(join(base, 'sign/boot/grubx64.efi'), randomBytes(4096))],
          baseDirectory: join(base, 'sign'),
          binaryPackageName: 'grub-efi-amd64-signed',
        }),
      ],
    ]
    for (const [name, local] of locals) await roundTrip(local, name)
  })

  it('round-trips a real source package and its upload (.changes)', async () => {
    const fixture = buildSourcePackage(directory('source'))
    const source = await SourcePackageArtifact.create({
      name: 'hello',
      version: '1.0-1',
      files: fixture.files,
    })
    await roundTrip(source, 'source-package')
    const upload = await UploadArtifact.create({ changesFile: fixture.changes })
    const id = await roundTrip(upload, 'upload')
    const shown = await pythonClient(['artifact', 'show', String(id)])
    expect(shown.stdout).toContain('debian:upload')
    expect(shown.stdout).toContain('hello_1.0-1_source.changes')
  })

  it('refuses a path with a space before anything is created', async () => {
    const base = directory('space')
    const counter = countingFetch()
    const local = await TestArtifact.create({
      files: [write(join(base, 'with space.txt'), 'x')],
      baseDirectory: base,
    })
    const attempt = client(counter).artifacts.upload(local)
    await expect(attempt).rejects.toThrow(ValidationError)
    await expect(attempt).rejects.toThrow(
      /files.with space.txt: the Debusine server refuses a path .* whitespace/,
    )
    expect(counter.requests).toEqual([])
  })

  it('saves the server tarball with tarball: true, and never overwrites an existing file', async () => {
    const base = directory('tarball')
    const local = await TestArtifact.create({
      files: [write(join(base, 'a.txt'), 'a\n'), write(join(base, 'b.txt'), 'b\n')],
      baseDirectory: base,
    })
    const debusine = client()
    const artifact = await debusine.artifacts.upload(local)
    const out = directory('tarball-out')
    await debusine.artifacts.downloadTo(artifact.id, out, { tarball: true })
    const saved = join(out, `artifact-${artifact.id}.tar.gz`)
    expect(statSync(saved).size).toBeGreaterThan(0)
    const again = debusine.artifacts.downloadTo(artifact.id, out, { tarball: true })
    await expect(again).rejects.toThrow(ArtifactDownloadError)
    await expect(again).rejects.toMatchObject({ code: 'destination_exists' })

    writeFileSync(join(out, 'a.txt'), 'mine\n')
    await expect(debusine.artifacts.downloadTo(artifact.id, out)).rejects.toThrow(
      /"a.txt" of artifact \d+: ".*a.txt" already exists. Nothing was overwritten/,
    )
    expect(readFileSync(join(out, 'a.txt'), 'utf8')).toBe('mine\n')
    expect(readdirSync(out).sort()).toEqual(['a.txt', `artifact-${artifact.id}.tar.gz`])
  })
})

describe('artifacts.downloadFile and openFile', () => {
  it('downloads one file verified, and streams one', async () => {
    const base = directory('single')
    const content = randomBytes(200_000)
    const local = await TestArtifact.create({
      files: [write(join(base, 'data.bin'), content), write(join(base, 'dir/note.txt'), 'hello\n')],
      baseDirectory: base,
    })
    const debusine = client()
    const artifact = await debusine.artifacts.upload(local)
    const target = join(directory('single-out'), 'copy.bin')
    const progress: number[] = []
    const file = await debusine.artifacts.downloadFile(artifact.id, 'data.bin', target, {
      onProgress: ({ loaded }) => progress.push(loaded),
    })
    expect(file.size).toBe(content.length)
    expect(readFileSync(target).equals(content)).toBe(true)
    expect(progress.at(-1)).toBe(content.length)
    await expect(debusine.artifacts.downloadFile(artifact, 'data.bin', target)).rejects.toMatchObject({
      code: 'destination_exists',
    })
    const stream = await debusine.artifacts.openFile(artifact, 'dir/note.txt')
    expect(await new Response(stream).text()).toBe('hello\n')
    await expect(debusine.artifacts.openFile(artifact, 'nope.txt')).rejects.toThrow(
      /has no file "nope.txt" \(its files: data.bin, dir\/note.txt\)/,
    )
  })
})

describe('artifacts.create and get', () => {
  requires('artifacts.create with an expiration').it(
    'sends expirationDelay as the server reads it, and expireAt as a delay too',
    async () => {
      const debusine = client()
      const local = await TestArtifact.create({})
      const byDelay = await debusine.artifacts.create(local, { expirationDelay: 2 * 86_400 })
      expect(Date.parse(byDelay.expire_at ?? '') - Date.parse(byDelay.created_at)).toBe(2 * 86_400_000)
      const target = new Date(Date.now() + 3 * 3_600_000)
      const byDate = await debusine.artifacts.create(local, { expireAt: target })
      expect(Math.abs(Date.parse(byDate.expire_at ?? '') - target.getTime())).toBeLessThan(5_000)
      const forever = await debusine.artifacts.create(local, { expirationDelay: 0 })
      expect(forever.expire_at).toBeNull()
    },
  )

  it('gets by id and through the workspace, and says when there is none', async () => {
    const debusine = client()
    const created = await debusine.artifacts.create(await TestArtifact.create({}))
    expect((await debusine.artifacts.get(created.id)).id).toBe(created.id)
    expect((await debusine.artifacts.get(created.id, { workspace })).id).toBe(created.id)
    await expect(debusine.artifacts.get(999_999_999)).rejects.toThrow(NotFoundError)
  })
})

describe('resuming uploads', () => {
  it('resumes an aborted upload and sends only the bytes the server lacks', async () => {
    const base = directory('resume')
    const size = 8 * 1024 * 1024 + 123
    const content = randomBytes(size)
    const local = await TestArtifact.create({
      files: [write(join(base, 'big.bin'), content), write(join(base, 'small.txt'), 'small\n')],
      baseDirectory: base,
    })
    const controller = new AbortController()
    let artifactId: number | undefined
    let committedAtAbort = 0
    const first = countingFetch((url) => {
      const match = /\/artifact\/(\d+)\/files\//.exec(url)
      if (match) artifactId = Number(match[1])
    })
    const interrupted = client(first).artifacts.upload(local, {
      chunkSize: 1024 * 1024,
      signal: controller.signal,
      onProgress: (progress) => {
        if (
          progress.path === 'big.bin' &&
          progress.fileCommitted >= 3 * 1024 * 1024 &&
          !controller.signal.aborted
        ) {
          committedAtAbort = progress.fileCommitted
          controller.abort()
        }
      },
    })
    await expect(interrupted).rejects.toThrow(AbortError)
    expect(artifactId).toBeDefined()
    expect(committedAtAbort).toBeGreaterThanOrEqual(3 * 1024 * 1024)

    const second = countingFetch()
    let heldAtStart: number | undefined
    const artifact = await client(second).artifacts.upload(local, {
      artifactId: artifactId as number,
      chunkSize: 1024 * 1024,
      onProgress: (progress) => {
        if (progress.path === 'big.bin') heldAtStart ??= progress.fileCommitted
      },
    })
    expect(artifact.files_to_upload).toEqual([])
    expect(heldAtStart).toBeGreaterThanOrEqual(committedAtAbort)
    // Only what the server lacked went out: the rest of big.bin and all of small.txt.
    expect(second.putBodyBytes).toBe(size - (heldAtStart as number) + 'small\n'.length)
    expect(second.requests.filter((line) => line.startsWith('POST'))).toEqual([])

    const out = directory('resume-out')
    await client().artifacts.downloadTo(artifact.id, out)
    expect(tree(out)).toEqual(localTree(local))
  })

  it('uploadFiles completes an artifact created earlier, sending nothing for complete files', async () => {
    const base = directory('upload-files')
    const local = await TestArtifact.create({
      files: [write(join(base, 'one.txt'), 'one\n'), write(join(base, 'two.txt'), 'two\n')],
      baseDirectory: base,
    })
    const debusine = client()
    const created = await debusine.artifacts.create(local)
    expect(created.files_to_upload).toEqual(['one.txt', 'two.txt'])
    const partial = await debusine.artifacts.uploadFiles(
      created.id,
      { 'one.txt': 'one.txt' },
      { baseDirectory: base },
    )
    expect(partial.files_to_upload).toEqual(['two.txt'])
    const counter = countingFetch()
    const done = await client(counter).artifacts.uploadFiles(
      created.id,
      new Map([
        ['one.txt', join(base, 'one.txt')],
        ['two.txt', join(base, 'two.txt')],
      ]),
    )
    expect(done.files_to_upload).toEqual([])
    expect(counter.putBodyBytes).toBe('two\n'.length)
    await expect(debusine.artifacts.uploadFiles(created.id, { 'three.txt': '/tmp/x' })).rejects.toThrow(
      /files.three.txt: artifact \d+ has no file "three.txt"/,
    )
  })

  it('refuses to resume into an artifact whose files differ', async () => {
    const base = directory('mismatch')
    const debusine = client()
    const created = await debusine.artifacts.create(
      await TestArtifact.create({ files: [write(join(base, 'a.txt'), 'a\n')], baseDirectory: base }),
    )
    const other = await TestArtifact.create({
      files: [write(join(base, 'b/a.txt'), 'changed\n')],
      baseDirectory: join(base, 'b'),
    })
    await expect(debusine.artifacts.upload(other, { artifactId: created.id })).rejects.toThrow(
      /files.a.txt: the local file differs/,
    )
  })
})
