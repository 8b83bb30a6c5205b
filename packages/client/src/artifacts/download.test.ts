import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DebusineClient } from '../client.js'
import { ArtifactDownloadError } from '../errors/artifact-errors.js'

// A loopback server that plays the artifact endpoints of docs/protocol.md §6 with crafted bodies.
let server: Server
let origin: string
let scratch: string
let archive: Buffer
let tarballCut: number | undefined
let fileBodies: Record<string, Buffer>
let incomplete: string[]

const files: Record<string, Buffer> = { 'a.txt': Buffer.from('alpha\n'), 'b/c.txt': Buffer.from('gamma\n') }
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

function artifactBody(): unknown {
  const base = `${origin}/debusine/System/artifact/42/download/`
  return {
    id: 42,
    url: '/debusine/System/artifact/42/',
    scope: 'debusine',
    workspace: 'System',
    category: 'debusine:test',
    data: {},
    created_at: '2026-11-22T00:00:00Z',
    expire_at: null,
    download_tar_gz_url: `${base}?archive=tar.gz`,
    files_to_upload: incomplete,
    files: Object.fromEntries(
      Object.entries(files).map(([name, data]) => [
        name,
        {
          size: data.length,
          type: 'file',
          checksums: { sha256: sha256(data) },
          url: base + name,
          content_type: null,
        },
      ]),
    ),
    links: {},
  }
}

interface Entry {
  name: string
  content?: string
  type?: 'file' | 'symlink' | 'link' | 'directory' | 'fifo'
  linkname?: string
}

async function tarGz(entries: Entry[]): Promise<Buffer> {
  const packer = pack()
  for (const entry of entries) {
    const { content, ...header } = entry
    if (content === undefined) packer.entry(header)
    else packer.entry(header, content)
  }
  packer.finalize()
  const blocks: Buffer[] = []
  for await (const block of packer) blocks.push(block as Buffer)
  return gzipSync(Buffer.concat(blocks))
}

const goodEntries: Entry[] = [
  { name: 'a.txt', content: 'alpha\n' },
  { name: 'b/c.txt', content: 'gamma\n' },
]

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-download-'))
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin)
    if (url.pathname === '/api/1.0/artifact/42/') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(artifactBody()))
    } else if (
      url.pathname === '/debusine/System/artifact/42/download/' &&
      url.search === '?archive=tar.gz'
    ) {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      if (tarballCut === undefined) response.end(archive)
      else {
        // Send part of the archive, then drop the connection.
        response.write(archive.subarray(0, tarballCut), () => response.socket?.destroy())
      }
    } else {
      const name = decodeURIComponent(url.pathname.replace('/debusine/System/artifact/42/download/', ''))
      const body = fileBodies[name]
      if (body === undefined) response.writeHead(404).end()
      else response.writeHead(200, { 'Content-Length': String(body.length) }).end(body)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(scratch, { recursive: true, force: true })
})
beforeEach(() => {
  tarballCut = undefined
  fileBodies = { ...files }
  incomplete = []
})

const client = (): DebusineClient =>
  new DebusineClient({ apiUrl: `${origin}/api`, token: 'secret', maxRetries: 0 })
const fresh = (name: string): string => {
  const path = join(scratch, name, 'out')
  mkdirSync(path, { recursive: true })
  return path
}
/** Every name under a directory, hidden temporary files included. */
function listing(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).sort()
}

describe('downloadTo with an archive', () => {
  it('extracts a good archive, verified, into the directory', async () => {
    archive = await tarGz(goodEntries)
    const out = fresh('good')
    const progress: number[] = []
    await client().artifacts.downloadTo(42, out, { onProgress: ({ loaded }) => progress.push(loaded) })
    expect(listing(out)).toEqual(['a.txt', 'b', 'b/c.txt'])
    expect(readFileSync(join(out, 'b/c.txt'), 'utf8')).toBe('gamma\n')
    expect(progress.at(-1)).toBe(12)
  })

  it.each([
    [
      'a path with ..',
      [{ name: '../evil.txt', content: 'x' }],
      /unsafe entry "..\/evil.txt": its path contains ".."/,
    ],
    ['an absolute path', [{ name: '/tmp/debusine-ts-evil.txt', content: 'x' }], /its path is absolute/],
    [
      'a symbolic link',
      [{ name: 'a.txt', type: 'symlink', linkname: '/etc/passwd' }],
      /unsafe entry "a.txt": it is a symbolic link to "\/etc\/passwd"/,
    ],
    ['a hard link', [{ name: 'a.txt', type: 'link', linkname: '../../outside' }], /it is a hard link/],
  ] as [string, Entry[], RegExp][])(
    'refuses %s and writes nothing outside',
    async (label, entries, message) => {
      archive = await tarGz([...entries, ...goodEntries])
      const out = fresh(`unsafe-${label.replace(/\W/g, '')}`)
      const attempt = client().artifacts.downloadTo(42, out)
      await expect(attempt).rejects.toThrow(message)
      await expect(attempt).rejects.toMatchObject({ code: 'unsafe_archive_entry', artifactId: 42 })
      expect(listing(out)).toEqual([])
      expect(existsSync(join(out, '..', 'evil.txt'))).toBe(false)
      expect(existsSync('/tmp/debusine-ts-evil.txt')).toBe(false)
    },
  )

  it('refuses to follow a symbolic link already in the destination', async () => {
    archive = await tarGz(goodEntries)
    const out = fresh('planted')
    const outside = join(scratch, 'planted', 'outside')
    mkdirSync(outside)
    symlinkSync(outside, join(out, 'b'))
    await expect(client().artifacts.downloadTo(42, out)).rejects.toThrow(
      /"[^"]*\/out\/b" is a symbolic link \(to "[^"]*outside"\), below the target directory/,
    )
    expect(readdirSync(outside)).toEqual([])
  })

  it('refuses an entry that is not a file of the artifact, or not a regular file', async () => {
    archive = await tarGz([{ name: 'extra.txt', content: 'x' }, ...goodEntries])
    await expect(client().artifacts.downloadTo(42, fresh('extra'))).rejects.toMatchObject({
      code: 'unexpected_archive_entry',
    })
    archive = await tarGz([{ name: 'pipe', type: 'fifo' }, ...goodEntries])
    await expect(client().artifacts.downloadTo(42, fresh('fifo'))).rejects.toThrow(/it is a fifo entry/)
  })

  it('keeps nothing of a file whose bytes do not match', async () => {
    archive = await tarGz([{ name: 'a.txt', content: 'ALPHA\n' }, goodEntries[1] as Entry])
    const out = fresh('corrupt')
    const attempt = client().artifacts.downloadTo(42, out)
    await expect(attempt).rejects.toThrow(ArtifactDownloadError)
    await expect(attempt).rejects.toThrow(/Download of "a.txt" \(artifact 42\) is corrupt/)
    expect(listing(out)).toEqual([])
  })

  it('leaves no file under its final name when the connection drops', async () => {
    archive = await tarGz([
      { name: 'a.txt', content: 'alpha\n' },
      { name: 'b/c.txt', content: 'gamma\n' },
    ])
    tarballCut = archive.length - 20
    const out = fresh('cut')
    await expect(client().artifacts.downloadTo(42, out)).rejects.toThrow()
    expect(listing(out).filter((name) => name.endsWith('.part'))).toEqual([])
    expect(existsSync(join(out, 'b/c.txt'))).toBe(false)
  })

  it('refuses an incomplete artifact naming its files, or takes only its complete files when asked', async () => {
    archive = Buffer.alloc(0)
    incomplete = ['a.txt', 'b/c.txt']
    const out = fresh('incomplete')
    await expect(client().artifacts.downloadTo(42, out)).rejects.toThrow(
      /^Artifact 42 is incomplete: 2 of its 2 file\(s\) were never fully uploaded: a.txt, b\/c.txt. Nothing was downloaded/,
    )
    await expect(client().artifacts.downloadTo(42, out, { completeFilesOnly: true })).rejects.toThrow(
      /^Artifact 42 is incomplete: none of its files is complete/,
    )
    await expect(client().artifacts.downloadTo(42, out, { tarball: true })).rejects.toMatchObject({
      code: 'incomplete_artifact',
    })
    expect(listing(out)).toEqual([])
    incomplete = ['b/c.txt']
    const partial = fresh('partial')
    await client().artifacts.downloadTo(42, partial, { completeFilesOnly: true })
    expect(listing(partial)).toEqual(['a.txt'])
  })

  it('refuses an empty body when files are complete', async () => {
    archive = Buffer.alloc(0)
    await expect(client().artifacts.downloadTo(42, fresh('empty-but'))).rejects.toMatchObject({
      code: 'missing_file',
    })
  })
})

describe('downloadFile and openFile', () => {
  it('keep nothing, and fail, when the bytes do not match', async () => {
    fileBodies['a.txt'] = Buffer.from('ALPHA\n')
    const target = join(fresh('file-corrupt'), 'a.txt')
    await expect(client().artifacts.downloadFile(42, 'a.txt', target)).rejects.toMatchObject({
      code: 'checksum_mismatch',
    })
    expect(listing(join(target, '..'))).toEqual([])
    const stream = await client().artifacts.openFile(42, 'a.txt')
    await expect(new Response(stream).text()).rejects.toThrow(/is corrupt/)
  })

  it('downloads a file whose name needs encoding', async () => {
    const target = join(fresh('file-ok'), 'copy.txt')
    await client().artifacts.downloadFile(42, 'b/c.txt', target)
    expect(readFileSync(target, 'utf8')).toBe('gamma\n')
  })
})
