/**
 * The built CLI (what users install) in the networks its users live in, against the real
 * server: TLS by nginx with a private CA and a forward proxy at which alone the server's name
 * resolves (tooling/real-server/tls), set as a user sets them, in the environment.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { startForwardProxy, type ForwardProxy } from '../../../tooling/real-server/tls/forward-proxy.js'
import { tlsFrontEnd, type TlsFrontEnd } from '../../../tooling/real-server/tls/front-end.js'
import { runCli, writeConfig } from './support/run-cli.js'

let tls: TlsFrontEnd
let proxy: ForwardProxy
let workspace: string

beforeAll(async () => {
  tls = tlsFrontEnd()
  proxy = await startForwardProxy()
  workspace = await freshWorkspace('cli-networks')
})

afterAll(() => proxy.close())

/** What the proxy took since its `since`-th request, as `METHOD target`. */
const seenSince = (since: number): string[] =>
  proxy.requests.slice(since).map((request) => `${request.method} ${request.target}`)

describe('the built CLI through a proxy', () => {
  it('HTTPS_PROXY with CONNECT and REQUESTS_CA_BUNDLE: lists work requests over TLS', async () => {
    const config = writeConfig({ apiUrl: tls.apiUrl, workspace })
    const before = proxy.requests.length
    const run = await runCli(['--config-file', config, 'work-request', 'list', '--limit', '1', '--yaml'], {
      env: { HTTPS_PROXY: proxy.url, REQUESTS_CA_BUNDLE: tls.caFile },
    })
    expect(run.code, run.stderr).toBe(0)
    expect(parse(run.stdout)).toEqual(expect.any(Array))
    expect(seenSince(before)).toContain(`CONNECT ${tls.name}:${tls.port}`)
    expect(proxy.requests.slice(before).every((request) => request.method === 'CONNECT')).toBe(true)
  })

  it('HTTP_PROXY: uploads a file and downloads it back, the same bytes', async () => {
    const config = writeConfig({ apiUrl: tls.plainApiUrl, workspace })
    const directory = mkdtempSync(join(tmpdir(), 'debusine-ts-cli-networks-'))
    const content = randomBytes(3 * 1024 * 1024 + 7)
    writeFileSync(join(directory, 'payload.bin'), content)
    const env = { HTTP_PROXY: proxy.url }
    const before = proxy.requests.length
    const created = await runCli(
      ['--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', 'payload.bin', '--json'],
      { env, cwd: directory },
    )
    expect(created.code, created.stderr).toBe(0)
    const { artifact_id: id } = JSON.parse(created.stdout) as { artifact_id: number }
    const target = mkdtempSync(join(directory, 'out-'))
    const downloaded = await runCli(
      ['--config-file', config, 'artifact', 'download', String(id), '--target-directory', target],
      { env },
    )
    expect(downloaded.code, downloaded.stderr).toBe(0)
    expect(readFileSync(join(target, 'payload.bin')).equals(content)).toBe(true)
    const seen = seenSince(before)
    expect(seen.some((line) => line.startsWith(`PUT ${tls.plainApiUrl}/1.0/artifact/${id}/files/`))).toBe(
      true,
    )
    expect(seen.some((line) => line.startsWith('GET ') && line.includes('payload.bin'))).toBe(true)
  })
})
