/**
 * Downloads on loopback servers: a cut transfer resumes with Range, a server that ignores
 * Range starts the file again, and a redirect to another origin never carries the token.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DebusineClient } from '../client.js'

const TOKEN = 'secret-token-of-the-api-origin'
const content = randomBytes(3 * 1024 * 1024 + 17)
const sha256 = createHash('sha256').update(content).digest('hex')

interface Seen {
  origin: 'api' | 'store'
  range: string | undefined
  token: string | undefined
}

let api: Server
let store: Server
let apiOrigin: string
let storeOrigin: string
let scratch: string
let seen: Seen[]
/** Per download request, in order: how many bytes to send before cutting the connection. */
let cuts: (number | undefined)[]
let honourRange: boolean
let redirect: boolean

function record(origin: Seen['origin'], headers: IncomingHttpHeaders): void {
  seen.push({ origin, range: headers.range, token: headers.token as string | undefined })
}

/** Serve the file (a Range when honoured), cut after the next scripted number of bytes. */
function serveFile(range: string | undefined, response: ServerResponse): void {
  const start = honourRange && range !== undefined ? Number(/^bytes=(\d+)-\d+$/.exec(range)?.[1] ?? 0) : 0
  const body = content.subarray(start)
  response.writeHead(start > 0 ? 206 : 200, {
    'Content-Length': String(body.length),
    'Content-Range': `bytes ${start}-${content.length - 1}/${content.length}`,
  })
  const cut = cuts.shift()
  if (cut === undefined) response.end(body)
  else response.write(body.subarray(0, cut), () => response.socket?.destroy())
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-download-resume-'))
  api = createServer((request, response) => {
    if (request.url === '/api/1.0/artifact/7/') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: 7,
          url: '/s/w/artifact/7/',
          scope: 's',
          workspace: 'w',
          category: 'debusine:test',
          data: {},
          created_at: '2026-11-24T00:00:00Z',
          expire_at: null,
          download_tar_gz_url: `${apiOrigin}/s/w/artifact/7/download/?archive=tar.gz`,
          files_to_upload: [],
          files: {
            'big.bin': {
              size: content.length,
              type: 'file',
              checksums: { sha256 },
              url: `${apiOrigin}/s/w/artifact/7/download/big.bin`,
              content_type: null,
            },
          },
          links: {},
        }),
      )
      return
    }
    record('api', request.headers)
    if (redirect) response.writeHead(302, { Location: `${storeOrigin}/presigned/big.bin?sig=1` }).end()
    else serveFile(request.headers.range, response)
  })
  store = createServer((request, response) => {
    record('store', request.headers)
    serveFile(request.headers.range, response)
  })
  apiOrigin = await listen(api)
  storeOrigin = await listen(store)
})
afterAll(async () => {
  for (const server of [api, store]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  rmSync(scratch, { recursive: true, force: true })
})
beforeEach(() => {
  seen = []
  cuts = []
  honourRange = true
  redirect = false
})

const client = (): DebusineClient => new DebusineClient({ apiUrl: `${apiOrigin}/api`, token: TOKEN })

async function download(name: string): Promise<string> {
  const directory = join(scratch, name)
  await client().artifacts.downloadTo(7, directory)
  return directory
}

describe('downloads that are cut', () => {
  it('resume with Range from the bytes already written to the last byte (as 0.11.3 reads it), and verify the whole file', async () => {
    cuts = [1_000_000, 500_000, undefined]
    const directory = await download('resume')
    expect(readFileSync(join(directory, 'big.bin')).equals(content)).toBe(true)
    const last = content.length - 1
    expect(seen.map((request) => request.range)).toEqual([
      undefined,
      `bytes=1000000-${last}`,
      `bytes=1500000-${last}`,
    ])
  })

  it('start the file again when the server ignores Range', async () => {
    cuts = [1_000_000, undefined]
    honourRange = false
    const directory = await download('no-range')
    expect(readFileSync(join(directory, 'big.bin')).equals(content)).toBe(true)
    expect(seen.map((request) => request.range)).toEqual([undefined, `bytes=1000000-${content.length - 1}`])
  })

  it('give up after progressTimeout without a new byte, leaving nothing under the final name', async () => {
    cuts = [0, 0, 0]
    const directory = join(scratch, 'give-up')
    await expect(client().artifacts.downloadTo(7, directory, { progressTimeout: 0 })).rejects.toMatchObject({
      code: 'transfer_failed',
    })
    expect(readdirSync(directory)).toEqual([])
  })
})

describe('downloads that are redirected', () => {
  it('never send the token to another origin, and still verify the file', async () => {
    redirect = true
    cuts = [2_000_000, undefined]
    const directory = await download('redirect')
    expect(readFileSync(join(directory, 'big.bin')).equals(content)).toBe(true)
    expect(seen).toEqual([
      { origin: 'api', range: undefined, token: TOKEN },
      { origin: 'store', range: undefined, token: undefined },
      { origin: 'api', range: `bytes=2000000-${content.length - 1}`, token: TOKEN },
      { origin: 'store', range: `bytes=2000000-${content.length - 1}`, token: undefined },
    ])
  })
})
