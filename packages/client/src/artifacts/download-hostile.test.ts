import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGzip, gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  json,
  raw,
  startHostileServer,
  type HostileAnswer,
  type HostileServer,
} from '../../../../tooling/hostile-server/index.js'
import { DebusineClient } from '../client.js'

// Downloads from a server whose file names aim outside the target, whose bodies go on past
// the announced sizes, into targets where symbolic links were planted at every depth.
let server: HostileServer
let scratch: string
const base = '/debusine/System/artifact/42/download/'
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

/** Serve artifact 42 with these files: per file, and as a `.tar.gz` of all of them. */
async function serve(files: Record<string, string>, archive?: HostileAnswer): Promise<void> {
  const entries = Object.entries(files).map(([name, text]) => [name, Buffer.from(text)] as const)
  server.routes.set(
    'GET /api/1.0/artifact/42/',
    json({
      id: 42,
      url: '/debusine/System/artifact/42/',
      scope: 'debusine',
      workspace: 'System',
      category: 'debusine:test',
      data: {},
      created_at: '2026-11-22T00:00:00Z',
      expire_at: null,
      download_tar_gz_url: `${server.origin}${base}?archive=tar.gz`,
      files_to_upload: [],
      files: Object.fromEntries(
        entries.map(([name, data]) => [
          name,
          {
            size: data.length,
            type: 'file',
            checksums: { sha256: sha256(data) },
            url: `${server.origin}${base}${name}`,
            content_type: null,
          },
        ]),
      ),
      links: {},
    }),
  )
  const packer = pack()
  for (const [name, data] of entries) packer.entry({ name }, data)
  packer.finalize()
  const blocks: Buffer[] = []
  for await (const block of packer) blocks.push(block as Buffer)
  // The archive and the files share a path: one answer tells them apart by the query.
  const tarGz = raw(200, { 'content-type': 'application/gzip' }, gzipSync(Buffer.concat(blocks)))
  const tarballAnswer = archive ?? tarGz
  server.routes.set(`GET ${base}`, tarballAnswer)
  for (const [name, data] of entries) {
    server.routes.set(`GET ${base}${name}`, raw(200, { 'content-length': data.length }, data))
  }
}

/** Zero bytes, gzipped at `level`, for as long as the client reads: an archive that never ends. */
function endlessTarball(level: number): HostileAnswer {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/gzip' })
    const gzip = createGzip({ level })
    gzip.pipe(response)
    const zeros = Buffer.alloc(64 * 1024)
    const pump = (): void => {
      while (!response.destroyed && gzip.write(zeros));
    }
    gzip.on('drain', pump)
    response.on('close', () => gzip.destroy())
    pump()
  }
}

/** A body that goes on forever, with no length. */
function endlessFile(): HostileAnswer {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' })
    const block = Buffer.alloc(64 * 1024, 0x61)
    const pump = (): void => {
      while (!response.destroyed && response.write(block));
    }
    response.on('drain', pump)
    pump()
  }
}

beforeAll(async () => {
  server = await startHostileServer()
  scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-hostile-download-'))
})
afterAll(async () => {
  await server.close()
  rmSync(scratch, { recursive: true, force: true })
})

const client = (): DebusineClient =>
  new DebusineClient({ apiUrl: server.apiUrl, token: 'secret', maxRetries: 0 })
let counter = 0
/** A fresh target `out` and a fresh directory `outside` next to it. */
function fresh(): { out: string; outside: string } {
  counter += 1
  const root = join(scratch, String(counter))
  mkdirSync(join(root, 'out'), { recursive: true })
  mkdirSync(join(root, 'outside'))
  return { out: join(root, 'out'), outside: join(root, 'outside') }
}
/** Every name under a directory (links not followed), hidden temporary files included. */
const listing = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' }).sort()

// Per file: the server's one file is fetched alone; as an archive: two small files come in one .tar.gz.
const ways = [
  ['per file', {}],
  ['as an archive', { 'other.txt': 'other\n' }],
] as const

interface Planted {
  label: string
  /** The artifact's file that the link is in the way of. */
  file: string
  /** Plant links in `out`, aiming into `outside`; return what `out` then lists. */
  plant: (out: string, outside: string) => string[]
}

const planted: Planted[] = [
  {
    label: 'a directory link at depth 1',
    file: 'sub/evil.txt',
    plant: (out, outside) => (symlinkSync(outside, join(out, 'sub')), ['sub']),
  },
  {
    label: 'a directory link at depth 3',
    file: 'a/b/c/evil.txt',
    plant: (out, outside) => {
      mkdirSync(join(out, 'a/b'), { recursive: true })
      symlinkSync(outside, join(out, 'a/b/c'))
      return ['a', 'a/b', 'a/b/c']
    },
  },
  {
    label: 'a relative directory link',
    file: 'a/evil.txt',
    plant: (out) => (symlinkSync('../outside', join(out, 'a')), ['a']),
  },
  {
    label: 'a dangling directory link',
    file: 'sub/evil.txt',
    plant: (out, outside) => (symlinkSync(join(outside, 'missing'), join(out, 'sub')), ['sub']),
  },
  {
    label: 'a link to a file at the name itself',
    file: 'evil.txt',
    plant: (out, outside) => {
      writeFileSync(join(outside, 'victim.txt'), 'keep\n')
      symlinkSync(join(outside, 'victim.txt'), join(out, 'evil.txt'))
      return ['evil.txt']
    },
  },
  {
    label: 'a dangling link at the name itself',
    file: 'sub/evil.txt',
    plant: (out, outside) => {
      mkdirSync(join(out, 'sub'))
      symlinkSync(join(outside, 'new.txt'), join(out, 'sub/evil.txt'))
      return ['sub', 'sub/evil.txt']
    },
  },
]

describe.each(ways)('a download %s', (_way, extra) => {
  it.each(planted)('refuses $label, naming it, and writes nothing outside', async ({ file, plant }) => {
    await serve({ [file]: 'evil\n', ...extra })
    const { out, outside } = fresh()
    const left = plant(out, outside)
    const before = listing(outside)
    const attempt = client().artifacts.downloadTo(42, out)
    await expect(attempt).rejects.toMatchObject({
      code: 'symlink_in_destination',
      artifactId: 42,
      path: file,
    })
    await expect(attempt).rejects.toThrow(/is a symbolic link .*below the target directory/)
    expect(listing(outside)).toEqual(before)
    expect(listing(out)).toEqual(left)
  })

  it('follows a target directory that is itself a link: the caller chose it', async () => {
    await serve({ 'sub/fine.txt': 'fine\n', ...extra })
    const { out, outside } = fresh()
    const linked = join(out, '..', 'linked')
    symlinkSync(outside, linked)
    await client().artifacts.downloadTo(42, linked)
    expect(readFileSync(join(outside, 'sub/fine.txt'), 'utf8')).toBe('fine\n')
  })

  it.each(['../x.txt', '/tmp/debusine-ts-absolute.txt', 'a/../../x.txt'])(
    'refuses a file named %s before fetching it',
    async (name) => {
      await serve({ [name]: 'x\n', ...extra })
      const { out } = fresh()
      const fetched = server.requests.length
      await expect(client().artifacts.downloadTo(42, out)).rejects.toMatchObject({
        code: 'unsafe_archive_entry',
      })
      expect(server.requests.slice(fetched).map((request) => request.url)).toEqual(['/api/1.0/artifact/42/'])
      expect(listing(join(out, '..'))).toEqual(['out', 'outside'])
      expect(() => readFileSync('/tmp/debusine-ts-absolute.txt')).toThrow()
    },
  )
})

describe('a body longer than announced', () => {
  it('is cut off for a file, with a typed error and nothing kept', async () => {
    await serve({ 'a.txt': 'alpha\n' })
    server.routes.set(`GET ${base}a.txt`, endlessFile())
    const { out } = fresh()
    await expect(client().artifacts.downloadFile(42, 'a.txt', join(out, 'a.txt'))).rejects.toMatchObject({
      code: 'size_exceeded',
    })
    expect(listing(out)).toEqual([])
    const stream = await client().artifacts.openFile(42, 'a.txt')
    await expect(new Response(stream).text()).rejects.toThrow(/more than the 6 bytes the server announced/)
  })

  it.each([0, 9])(
    'is cut off for an endless archive (gzip level %i), extracted or kept whole',
    async (level) => {
      await serve({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' }, endlessTarball(level))
      const { out } = fresh()
      await expect(client().artifacts.downloadTo(42, out)).rejects.toMatchObject({ code: 'size_exceeded' })
      await expect(client().artifacts.downloadTo(42, out, { tarball: true })).rejects.toMatchObject({
        code: 'size_exceeded',
      })
      expect(listing(out)).toEqual([])
    },
  )
})
