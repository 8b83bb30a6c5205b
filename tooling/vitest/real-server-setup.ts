/**
 * vitest globalSetup: bring the real Debusine server up (tooling/real-server/up) and
 * provide its settings to the tests as `inject('realServer')`.
 *
 * - The opt-out (`DEBUSINE_TS_SKIP_REAL_SERVER=1`, never in CI) is handled by
 *   tooling/vitest/vitest.config.ts, which then leaves the real-server project out.
 * - The server is left running: the next run takes < 1 s. `tooling/real-server/down`
 *   stops it.
 */
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import type { RealServerEnv } from './real-server.js'

const UP = fileURLToPath(new URL('../real-server/up', import.meta.url))
const UP_TIMEOUT_MS = 10 * 60_000

export async function setup(project: TestProject): Promise<void> {
  const envFile = await runUp()
  project.provide('realServer', parseEnvFile(envFile, await readFile(envFile, 'utf8')))
}

/** Run `up`, stream its progress (stderr) to ours, and return the env file path it prints last. */
function runUp(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(UP, [], { stdio: ['ignore', 'pipe', 'inherit'], timeout: UP_TIMEOUT_MS })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.on('error', (error) => reject(new Error(`Could not run ${UP}: ${error.message}`, { cause: error })))
    child.on('close', (code, signal) => {
      const last = stdout.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last !== '') resolve(last)
      else
        reject(
          new Error(
            `${UP} failed (${signal != null ? `killed by ${signal}, limit ${UP_TIMEOUT_MS / 60_000} min` : `exit ${String(code)}`}); ` +
              'see its messages above. Set DEBUSINE_TS_SKIP_REAL_SERVER=1 to run without the real server.',
          ),
        )
    })
  })
}

function parseEnvFile(path: string, text: string): RealServerEnv {
  const values = new Map<string, string>()
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line)
    if (match) values.set(match[1]!, match[2]!)
  }
  const get = (key: string): string => {
    const value = values.get(`DEBUSINE_TS_${key}`)
    if (value === undefined || value === '') throw new Error(`${path} has no DEBUSINE_TS_${key}`)
    return value
  }
  return {
    apiUrl: get('API_URL').replace(/\/+$/, ''),
    scope: get('SCOPE'),
    workspace: get('WORKSPACE'),
    token: get('TOKEN'),
    noroleToken: get('NOROLE_TOKEN'),
    disabledToken: get('DISABLED_TOKEN'),
    webUser: get('WEB_USER'),
    webPassword: get('WEB_PASSWORD'),
    serverVersion: get('SERVER_VERSION'),
    serverRoot: get('SERVER_ROOT'),
    pythonClient: get('PYTHON_CLIENT'),
    envFile: path,
  }
}
