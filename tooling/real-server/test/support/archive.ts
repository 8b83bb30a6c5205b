/**
 * The signing worker (`tooling/real-server/signing-up`) and workspaces with a signed archive
 * (`tooling/real-server/archive-workspace`), for the tests; and HTTP on the archive's host
 * name, which the server tells from the API by the `Host` header.
 */
import { execFile } from 'node:child_process'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { envValues } from './env-file.js'

const TOOLING = fileURLToPath(new URL('../../', import.meta.url))

/** What `signing-up` adds to the server's env file. */
export interface SigningEnv {
  worker: string
  pidFile: string
  log: string
  /** The archive's host name and port, e.g. `deb.localhost:8011` (`DEBUSINE_DEBIAN_ARCHIVE_FQDN`). */
  archiveHost: string
}

async function run(script: string, args: readonly string[], timeout: number): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(TOOLING + script, args, { encoding: 'utf8', timeout })
    return stdout.trim().split('\n').at(-1) ?? ''
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`${script} ${args.join(' ')} failed (${(error as Error).message}):\n${stderr}`, {
      cause: error,
    })
  }
}

/** Run `signing-up` (idempotent: seconds when it is up, about a minute the first time). */
export async function signingUp(): Promise<SigningEnv> {
  const envFile = await run('signing-up', [], 9 * 60_000)
  const get = envValues(envFile, 'DEBUSINE_TS_')
  return {
    worker: get('SIGNING_WORKER'),
    pidFile: get('SIGNING_PID_FILE'),
    log: get('SIGNING_LOG'),
    archiveHost: get('ARCHIVE_HOST'),
  }
}

/** Run `archive-workspace NAME SUITE`: a public workspace with suite SUITE and an archive key. */
export async function archiveWorkspace(name: string, suite: string): Promise<string> {
  return run('archive-workspace', [name, suite], 5 * 60_000)
}

/**
 * GET `path` from the archive: to the server's own address (`apiUrl`'s), with the archive's
 * host name in `Host`, as a client that resolves that name to loopback sends it.
 */
export function archiveGet(
  apiUrl: string,
  archiveHost: string,
  path: string,
): Promise<{ status: number; body: Buffer }> {
  const origin = new URL(apiUrl).origin
  return new Promise((resolve, reject) => {
    const sent = request(
      `${origin}${path}`,
      { headers: { Host: archiveHost }, agent: false, signal: AbortSignal.timeout(30_000) },
      (answer) => {
        const blocks: Buffer[] = []
        answer.on('data', (block: Buffer) => blocks.push(block))
        answer.on('error', reject)
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(blocks) }))
      },
    )
    sent.on('error', reject)
    sent.end()
  })
}

/**
 * The binary keyring of an ASCII-armored key block (what `gpg --dearmor` writes), empty for
 * an empty block: the armor's headers and checksum dropped, the rest base64.
 */
function dearmor(armored: string): Buffer {
  const lines = armored.split(/\r?\n/)
  const begin = lines.findIndex((line) => line.startsWith('-----BEGIN PGP PUBLIC KEY BLOCK'))
  const end = lines.findIndex((line) => line.startsWith('-----END PGP PUBLIC KEY BLOCK'))
  if (begin < 0 || end < begin) return Buffer.alloc(0)
  let body = lines.slice(begin + 1, end)
  body = body.slice(body.findIndex((line) => line.trim() === '') + 1) // after the armor headers
  return Buffer.from(body.filter((line) => !line.startsWith('=')).join(''), 'base64')
}

/**
 * The archive's key (`get` reads a path of the workspace's archive), once it is a real one: a
 * new workspace may briefly serve an empty block.
 */
export async function realKey(
  get: (path: string) => Promise<{ status: number; body: Buffer }>,
): Promise<{ armored: string; keyring: Buffer }> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const { status, body } = await get('signing-keys.asc')
    const armored = body.toString('utf8')
    const keyring = status === 200 ? dearmor(armored) : Buffer.alloc(0)
    if (keyring.length > 0) return { armored, keyring }
    if (Date.now() > deadline)
      throw new Error(`no real key at signing-keys.asc after 60 s (HTTP ${status}): ${armored}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}
