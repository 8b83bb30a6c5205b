/**
 * The client in the networks its users live in, against the real server: TLS by nginx with
 * Debian's debusine-server settings and a private CA, a forward proxy at which alone the
 * server's name resolves (tooling/real-server/tls). Every setting is given as the environment
 * the user would set, to the client's network (createNodeNetwork), never to process.env.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TestArtifact } from '@debusine-ts/artifacts'
import { AbortError, ConnectionError, type Logger } from '@debusine-ts/transport'
import { createNodeNetwork } from '../../../packages/transport/src/node/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { CompletionEvents } from '../../../packages/events/src/index.js'
import { freshWorkspace, noopData, realServer, requires } from '../../vitest/real-server.js'
import { startForwardProxy, type ForwardProxy } from '../tls/forward-proxy.js'
import { tlsFrontEnd, type TlsFrontEnd } from '../tls/front-end.js'

type Env = Record<string, string>
let tls: TlsFrontEnd
let proxy: ForwardProxy
let refusing: ForwardProxy
let workspace: string
let scratch: string

beforeAll(async () => {
  tls = tlsFrontEnd()
  proxy = await startForwardProxy()
  refusing = await startForwardProxy(() => true)
  workspace = await freshWorkspace('tls')
  scratch = mkdtempSync('/tmp/debusine-ts-tls-')
  process.env.XDG_STATE_HOME = join(scratch, 'state')
})

afterAll(async () => {
  await Promise.all([proxy.close(), refusing.close()])
  rmSync(scratch, { recursive: true, force: true })
})

/** A client of `apiUrl` whose network reads `env` (and nothing of this process's environment). */
function clientWith(
  env: Env,
  apiUrl = tls.apiUrl,
  options: { caFile?: string; logger?: Logger } = {},
): DebusineClient {
  const server = realServer()
  const network = createNodeNetwork({ env, ...options })
  const logger = options.logger
  return new DebusineClient({
    apiUrl,
    token: server.token,
    scope: server.scope,
    workspace,
    network,
    maxRetries: 0,
    logger,
  })
}

/** A logger that hands its debug lines (and their fields) to `line`. */
function debugLines(line: (message: string, fields?: Readonly<Record<string, unknown>>) => void): Logger {
  const quiet = (): undefined => undefined
  return { debug: line, info: quiet, warn: quiet, error: quiet }
}

/** A local artifact of one file of `bytes` random bytes in the scratch directory. */
async function randomArtifact(name: string, bytes: number) {
  const content = randomBytes(bytes)
  writeFileSync(join(scratch, name), content)
  return {
    local: await TestArtifact.create({ files: [join(scratch, name)], baseDirectory: scratch }),
    content,
  }
}

/** How many requests since the `since`-th carried the token in clear to the proxy (outside tunnels). */
function tokensSeen(of: ForwardProxy, since: number): number {
  const token = realServer().token
  return of.requests.slice(since).filter((request) => JSON.stringify(request).includes(token)).length
}

describe('trust (TLS by nginx, a private CA)', () => {
  it.each([
    ['REQUESTS_CA_BUNDLE', (ca: string): Env => ({ REQUESTS_CA_BUNDLE: ca })],
    ['CURL_CA_BUNDLE', (ca: string): Env => ({ CURL_CA_BUNDLE: ca })],
    ['NODE_EXTRA_CA_CERTS', (ca: string): Env => ({ NODE_EXTRA_CA_CERTS: ca })],
    ['SSL_CERT_FILE (the system store)', (ca: string): Env => ({ SSL_CERT_FILE: ca })],
  ])('trusts the CA given by %s, through HTTPS_PROXY with CONNECT', async (_name, envOf) => {
    const before = proxy.requests.length
    const whoami = await clientWith({ ...envOf(tls.caFile), HTTPS_PROXY: proxy.url }).whoami()
    expect(whoami).toMatchObject({ user: 'testuser', auth: true })
    const seen = proxy.requests.slice(before)
    expect(seen.map((request) => `${request.method} ${request.target}`)).toContain(
      `CONNECT ${tls.name}:${tls.port}`,
    )
    expect(seen.every((request) => request.method === 'CONNECT')).toBe(true)
    expect(tokensSeen(proxy, before)).toBe(0)
  })

  it('trusts the CA of the caFile option (config.ini ca-file)', async () => {
    const client = clientWith({ https_proxy: proxy.url }, tls.apiUrl, { caFile: tls.caFile })
    expect(await client.whoami()).toMatchObject({ user: 'testuser' })
  })

  it('refuses a certificate of an unknown CA: names the host, the reason and how to trust it', async () => {
    const attempt = clientWith({ REQUESTS_CA_BUNDLE: tls.otherCaFile, HTTPS_PROXY: proxy.url }).whoami()
    await expect(attempt).rejects.toThrow(ConnectionError)
    const message = await attempt.catch((error: Error) => error.message)
    expect(message).toContain(tls.name)
    expect(message).toContain('unknown issuer')
    expect(message).toContain('ca-file')
    expect(message).toContain('REQUESTS_CA_BUNDLE')
  })

  it('refuses a certificate for another name (the server reached by its address)', async () => {
    const attempt = clientWith(
      { REQUESTS_CA_BUNDLE: tls.caFile },
      `https://127.0.0.1:${tls.port}/api`,
    ).whoami()
    const message = await attempt.catch((error: Error) => error.message)
    expect(message).toContain('TLS certificate for another host name')
    expect(message).toContain('127.0.0.1')
  })

  it('cannot reach the name without the proxy: it resolves only there', async () => {
    const attempt = clientWith({ REQUESTS_CA_BUNDLE: tls.caFile }).whoami()
    await expect(attempt).rejects.toThrow(ConnectionError)
  })
})

describe('proxies', () => {
  it('a proxy that refuses CONNECT fails the request, saying so', async () => {
    const attempt = clientWith({ REQUESTS_CA_BUNDLE: tls.caFile, HTTPS_PROXY: refusing.url }).whoami()
    await expect(attempt).rejects.toThrow(ConnectionError)
    expect(refusing.requests.at(-1)).toMatchObject({ method: 'CONNECT', status: 403 })
  })

  it('HTTP_PROXY carries plain http: requests as absolute URLs', async () => {
    const before = proxy.requests.length
    const client = clientWith({ HTTP_PROXY: proxy.url }, tls.plainApiUrl)
    expect(await client.whoami()).toMatchObject({ user: 'testuser' })
    expect(proxy.requests.slice(before).map((request) => request.target)).toContain(
      `${tls.plainApiUrl}/1.0/whoami/`,
    )
    // Plain http: the proxy reads the request, token included, as it does for curl and requests.
    expect(tokensSeen(proxy, before)).toBe(1)
  })

  // The pages listed are those of the work requests just made (a list filtered by ids).
  requires('workRequests.list filtered by ids or status').it(
    "reads a list's pages through the proxy with undici's request, not fetch",
    async () => {
      const client = clientWith({ HTTP_PROXY: proxy.url }, tls.plainApiUrl)
      const ids: number[] = []
      for (let index = 0; index < 12; index += 1) {
        ids.push((await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') })).id)
      }
      const before = proxy.requests.length
      const listed = await client.workRequests.list({ ids }).toArray({ limit: 100 })
      expect(listed.map((item) => item.id).sort()).toEqual([...ids].sort())
      const pages = proxy.requests
        .slice(before)
        .filter((request) => request.target.includes('/work-request/?'))
      expect(pages.length).toBeGreaterThanOrEqual(2)
      // Node's fetch adds Sec-Fetch-Mode; undici's request does not.
      expect(pages.filter((request) => 'sec-fetch-mode' in request.headers)).toEqual([])
    },
  )

  it("HTTP_PROXY carries an upload in chunks (Content-Range) and a download, with undici's dispatcher, not fetch", async () => {
    const { local, content } = await randomArtifact('plain.bin', 2 * 1024 * 1024 + 5)
    const client = clientWith({ HTTP_PROXY: proxy.url }, tls.plainApiUrl)
    const before = proxy.requests.length
    const artifact = await client.artifacts.upload(local, { chunkSize: 1024 * 1024 })
    expect(artifact.files_to_upload).toEqual([])
    const target = join(scratch, 'plain-copy.bin')
    await client.artifacts.downloadFile(artifact.id, 'plain.bin', target)
    expect(readFileSync(target).equals(content)).toBe(true)
    const seen = proxy.requests.slice(before)
    const puts = seen.filter((request) => request.method === 'PUT')
    expect(puts.map((request) => request.headers['content-range'])).toEqual(
      expect.arrayContaining([
        `bytes 0-1048575/${content.length}`,
        `bytes 2097152-2097156/${content.length}`,
      ]),
    )
    const download = seen.filter(
      (request) => request.method === 'GET' && request.target.includes('plain.bin'),
    )
    expect(download.length).toBeGreaterThan(0)
    // Node's fetch adds Sec-Fetch-Mode; undici's dispatch does not.
    expect([...puts, ...download].filter((request) => 'sec-fetch-mode' in request.headers)).toEqual([])
  })

  it('NO_PROXY bypasses the proxy for the hosts it names', async () => {
    const before = proxy.requests.length
    const server = realServer()
    const env = {
      HTTP_PROXY: proxy.url,
      HTTPS_PROXY: proxy.url,
      NO_PROXY: `example.org, ${new URL(server.apiUrl).hostname}`,
    }
    expect(await clientWith(env, server.apiUrl).whoami()).toMatchObject({ user: 'testuser' })
    expect(proxy.requests.length).toBe(before)
  })
})

describe('transfers, lists and completions through HTTPS_PROXY and TLS', () => {
  const env = (): Env => ({ REQUESTS_CA_BUNDLE: tls.caFile, HTTPS_PROXY: proxy.url })

  it('resumes an upload and downloads the file verified', async () => {
    const before = proxy.requests.length
    const { local, content } = await randomArtifact('big.bin', 3 * 1024 * 1024 + 17)
    const controller = new AbortController()
    let artifactId: number | undefined
    const lines: string[] = []
    const streamed: string[] = []
    const logger = debugLines((message, fields) => {
      lines.push(message)
      if (fields?.route === 'streamed') streamed.push(message.split(' ')[0] ?? '')
      artifactId ??= Number(/\/artifact\/(\d+)\/files\//.exec(message)?.[1] ?? Number.NaN) || undefined
    })
    const interrupted = clientWith(env(), tls.apiUrl, { logger }).artifacts.upload(local, {
      chunkSize: 1024 * 1024,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.fileCommitted >= 1024 * 1024) controller.abort()
      },
    })
    await expect(interrupted).rejects.toThrow(AbortError)
    expect(artifactId).toBeDefined()
    // --debug says which proxy the requests used, never its credentials.
    expect(lines).toContain(`${new URL(tls.apiUrl).origin}: proxy ${proxy.url}`)
    // The chunks went through the tunnel by Transport.sendStreamed, not through fetch.
    expect(streamed).toContain('PUT')
    let heldAtStart: number | undefined
    const artifact = await clientWith(env()).artifacts.upload(local, {
      artifactId: artifactId!,
      chunkSize: 1024 * 1024,
      onProgress: (progress) => (heldAtStart ??= progress.fileCommitted),
    })
    expect(artifact.files_to_upload).toEqual([])
    expect(heldAtStart).toBeGreaterThanOrEqual(1024 * 1024)
    const target = join(scratch, 'copy.bin')
    const file = await clientWith(env()).artifacts.downloadFile(artifact.id, 'big.bin', target)
    expect(file.size).toBe(content.length)
    expect(readFileSync(target).equals(content)).toBe(true)
    expect(tokensSeen(proxy, before)).toBe(0)
  })

  requires('workRequests.list filtered by ids or status').it('lists several pages', async () => {
    const client = clientWith(env())
    const ids: number[] = []
    for (let index = 0; index < 12; index += 1) {
      ids.push((await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') })).id)
    }
    const listed = await client.workRequests.list({ ids }).toArray({ limit: 100 })
    expect(listed.map((item) => item.id).sort()).toEqual([...ids].sort())
  })

  it('hears a completion over the websocket, tunnelled with CONNECT', async () => {
    const client = clientWith(env())
    const before = proxy.requests.length
    const created = await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') })
    const events = new CompletionEvents(client.transport)
    // No safety poll within the test: only the channel's announcement ends the wait.
    const final = await events.waitForCompletion(created.id, { workspace, pollInterval: 3_600_000 })
    expect(final).toMatchObject({ id: created.id, status: 'completed' })
    expect(
      proxy.requests.slice(before).filter((request) => request.method === 'CONNECT').length,
    ).toBeGreaterThan(0)
    expect(tokensSeen(proxy, before)).toBe(0)
  })
})
