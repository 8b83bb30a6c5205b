/**
 * Helpers for tests that talk to the real Debusine server started by
 * `tooling/real-server/up` (through the globalSetup `real-server-setup.ts`).
 */
import { execFile, spawn } from 'node:child_process'
import { request } from 'node:http'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { describe, inject, it } from 'vitest'
import { compareDebusineVersions } from '../../packages/models/src/capabilities/debusine-version.js'
import { operationSupport } from '../../packages/models/src/capabilities/operation-support.js'
import { pythonCliArgs } from './python-cli-names.js'

/** What `tooling/real-server/up` wrote to its env file, with friendlier names. */
export interface RealServerEnv {
  /** The `/api` URL, without a trailing slash, e.g. `http://127.0.0.1:8011/api`. */
  apiUrl: string
  scope: string
  /** The default workspace (`System`), where testuser is owner. */
  workspace: string
  /** Token of `testuser` (group `debusine/testers`, owner of `debusine/System`). */
  token: string
  /** Token of `norole`, a user without any role. */
  noroleToken: string
  /** A token the server knows but treats as anonymous (disabled). */
  disabledToken: string
  webUser: string
  webPassword: string
  serverVersion: string
  /** The chroot the server runs in. */
  serverRoot: string
  /** Wrapper running the official Python `debusine` client as testuser. */
  pythonClient: string
  envFile: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    realServer: RealServerEnv | null
  }
}

const TOOLING = fileURLToPath(new URL('../real-server/', import.meta.url))

/** The real server's settings; throws when the run opted out of real-server tests. */
export function realServer(): RealServerEnv {
  const env = inject('realServer')
  if (env == null) {
    throw new Error(
      'No real Debusine server in this run (DEBUSINE_TS_SKIP_REAL_SERVER=1, or the ' +
        'globalSetup tooling/vitest/real-server-setup.ts is missing from this project).',
    )
  }
  return env
}

/** A name unique across runs, valid for Debusine workspaces, collections and templates. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
}

/**
 * Create a new workspace `debusine/<prefix>-…` owned by testuser's group, so that a
 * test file does not depend on what other files did in `System`. Takes 2-4 s; it runs in a
 * child process without blocking the event loop (a blocked loop misses the server closing
 * idle keep-alive sockets, and the next POST would go out on a dead one).
 */
export async function freshWorkspace(prefix = 'test'): Promise<string> {
  const name = uniqueName(prefix)
  try {
    // Up to the hook's 120 s: a loaded machine can take a minute for debusine-admin.
    await promisify(execFile)(TOOLING + 'workspace', [name], { encoding: 'utf8', timeout: 110_000 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`Creating workspace ${name} failed (${(error as Error).message}):\n${stderr}`, {
      cause: error,
    })
  }
  return name
}

/**
 * POST `body` as JSON to the API path `path` (after `/api/1.0/`) with `token`, on a connection
 * of its own: a kept-alive one may have been closed by a worker gunicorn replaced (every 500
 * requests), and a POST that finds it closed is not sent again. The answer as a `Response`.
 */
export function postJson(path: string, token: string, body: unknown): Promise<Response> {
  const server = realServer()
  const text = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const headers = {
      Token: token,
      'X-Debusine-Scope': server.scope,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    }
    const sent = request(
      `${server.apiUrl}/1.0/${path}`,
      { method: 'POST', agent: false, headers, signal: AbortSignal.timeout(10_000) },
      (answer) => {
        const blocks: Buffer[] = []
        answer.on('data', (block: Buffer) => blocks.push(block))
        answer.on('error', reject)
        answer.on('end', () => {
          const contentType = answer.headers['content-type'] ?? ''
          resolve(
            new Response(new Uint8Array(Buffer.concat(blocks)), {
              status: answer.statusCode ?? 0,
              headers: { 'Content-Type': contentType },
            }),
          )
        })
      },
    )
    sent.on('error', reject)
    sent.end(text)
  })
}

/**
 * Run the official Python client as testuser, `args` in the `noun verb` form of today's client
 * (translated for an older one); files must live under /tmp or the repository.
 */
export function pythonClient(
  args: readonly string[],
  options: { input?: string; cwd?: string; timeout?: number } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  // Asynchronous: a synchronous child would stall the event loop, and the test's kept-alive
  // connections would miss the server closing them meanwhile.
  return new Promise((resolve, reject) => {
    const { pythonClient: wrapper, serverRoot } = realServer()
    const child = spawn(wrapper, pythonCliArgs(serverRoot, args), {
      cwd: options.cwd,
      timeout: options.timeout ?? 60_000,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}

/** A test body, as `it` and `describe` take it. */
type Body = () => unknown

/**
 * The one way to skip a real-server test: the test needs the client operation `operation`
 * (a name of the capability table, `@debusine-ts/models` `SERVER_OPERATIONS`), and is skipped
 * on a server that lacks it (the client refuses it there with `ServerTooOldError`, which
 * tooling/real-server/test/server-too-old.test.ts proves). A skipped test's title ends with
 * `[server lacks <operation>]`, from which CI prints what each server lacks.
 *
 * @example
 * requires('workRequests.abort').it('aborts a pending work request', async () => { … })
 */
export function requires(operation: string): {
  it: (name: string, body: Body, timeout?: number) => void
  describe: (name: string, body: () => void) => void
} {
  const lacking = serverLacks(operation)
  const title = (name: string): string => (lacking ? `${name} [server lacks ${operation}]` : name)
  return {
    it: (name, body, timeout) => it.skipIf(lacking)(title(name), body, timeout),
    describe: (name, body) => describe.skipIf(lacking)(title(name), body),
  }
}

/** Whether the real server's version lacks `operation`, by the capability table. */
export function serverLacks(operation: string): boolean {
  const version = realServer().serverVersion
  return operationSupport(operation, version) === 'too-old'
}

/**
 * The task data of a `noop` work request that ends in `result`, as the real server reads it:
 * a result name from 0.12.0 (0.16.2: `result: 'success'`), a boolean before (0.11.3's
 * `NoopData` has `result: bool`).
 */
export function noopData(result: 'success' | 'failure'): { result: string | boolean } {
  return { result: serverBefore('0.12.0') ? result === 'success' : result }
}

/** {@link noopData} as the YAML document a CLI reads, e.g. `result: success\n`. */
export function noopYaml(result: 'success' | 'failure'): string {
  return `result: ${String(noopData(result).result)}\n`
}

/**
 * Whether the real server runs a version before `version`: for an answer whose shape changed
 * (never to skip a test; that is {@link requires}).
 */
export function serverBefore(version: string): boolean {
  return compareDebusineVersions(realServer().serverVersion, version) < 0
}
