/**
 * The building worker of the real-server harness (`tooling/real-server/builder-up`) for tests:
 * bring it up, make fixture source packages, and wait for work requests while checking that a
 * building worker is there to run them.
 */
import { execFile, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { WorkRequest } from '@debusine-ts/models'
import type { DebusineClient } from '@debusine-ts/client'
import { realServer } from '../../../vitest/real-server.js'
import { envValues } from './env-file.js'

const TOOLING = fileURLToPath(new URL('../../', import.meta.url))
/** A cold start (tools installed, the sid environment built) takes minutes on 2 loaded cores. */
const BUILDER_UP_TIMEOUT_MS = 18 * 60_000
/** How long a waiting test accepts that no building worker is connected before it fails. */
const WORKER_ABSENCE_LIMIT_MS = 60_000

/** What `builder-up` wrote to its env file. */
export interface BuilderEnv {
  /** Token of user `builder`: only its tasks go to the building worker. */
  token: string
  worker: string
  pidFile: string
  log: string
  /** The `debian:system-tarball` artifact of the sid environment. */
  environment: number
}

/** Run `builder-up` (idempotent) and read its env file; its progress goes to our stderr. */
export function builderUp(): Promise<BuilderEnv> {
  return new Promise((resolve, reject) => {
    const up = TOOLING + 'builder-up'
    const child = spawn(up, [], { stdio: ['ignore', 'pipe', 'inherit'], timeout: BUILDER_UP_TIMEOUT_MS })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const path = stdout.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || path === '') {
        const how = signal === null ? `exit ${String(code)}` : `killed by ${signal}`
        reject(new Error(`${up} failed (${how}): no building worker; see its messages above`))
        return
      }
      try {
        resolve(parseBuilderEnv(path))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
}

function parseBuilderEnv(path: string): BuilderEnv {
  const get = envValues(path, 'DEBUSINE_TS_BUILDER_')
  return {
    token: get('TOKEN'),
    worker: get('WORKER'),
    pidFile: get('PID_FILE'),
    log: get('LOG'),
    environment: Number(get('ENVIRONMENT')),
  }
}

/** `builder-workspace NAME`: a new workspace that inherits the environments of System. */
export async function builderWorkspace(name: string): Promise<string> {
  await promisify(execFile)(TOOLING + 'builder-workspace', [name], { timeout: 110_000 })
  return name
}

/** The fixtures' kinds (see `tooling/real-server/fixtures/make-source`). */
export type FixtureKind = 'pass' | 'build-fails' | 'lintian-error'

/** Write the fixture source package `kind` as `name`_`version` into `directory`; its .dsc path. */
export async function makeSource(
  kind: FixtureKind,
  name: string,
  version: string,
  directory: string,
): Promise<string> {
  const { stdout } = await promisify(execFile)(
    TOOLING + 'fixtures/make-source',
    [kind, name, version, directory],
    { encoding: 'utf8', timeout: 60_000 },
  )
  return stdout.trim().split('\n').at(-1) ?? ''
}

/** Why no building worker can run work requests now, or null when one is connected. */
export async function builderAbsence(env: BuilderEnv): Promise<string | null> {
  let pid: number
  try {
    pid = Number(readFileSync(env.pidFile, 'utf8').trim())
  } catch {
    return `the building worker is stopped: its pid file ${env.pidFile} is gone (did \`down\` run?)`
  }
  let alive = false
  try {
    process.kill(pid, 0)
    alive = true
  } catch {
    alive = false
  }
  if (!alive) return `the building worker's supervisor (pid ${String(pid)}) is not running (log: ${env.log})`
  const status = await fetch(`${realServer().apiUrl}/1.0/service-status/`, {
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await status.json()) as { workers?: { external?: { connected?: number } } }
  // The noop worker is the other one.
  const connected = body.workers?.external?.connected ?? 0
  if (connected < 2)
    return `the server sees ${String(connected)} external worker(s) connected: the building worker ${env.worker} is not (log: ${env.log})`
  return null
}

/**
 * Wait until work request `id` completes (or is aborted), for at most `timeoutMs`; fails as soon
 * as no building worker has been connected for a minute, naming why.
 */
export async function waitForBuild(
  client: DebusineClient,
  env: BuilderEnv,
  id: number,
  timeoutMs: number,
): Promise<WorkRequest> {
  const deadline = Date.now() + timeoutMs
  let absentSince: number | null = null
  for (;;) {
    const current = await client.workRequests.get(id)
    if (current.status === 'completed' || current.status === 'aborted') return current
    const absence = await builderAbsence(env)
    absentSince = absence === null ? null : (absentSince ?? Date.now())
    if (absence !== null && Date.now() - absentSince! >= WORKER_ABSENCE_LIMIT_MS)
      throw new Error(`work request ${String(id)} is still ${current.status}: ${absence}`)
    if (Date.now() > deadline)
      throw new Error(
        `work request ${String(id)} is still ${current.status} after ${String(timeoutMs / 1000)} s`,
      )
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
}
