/**
 * Runs the built daemon binary (`apps/daemon/dist/bin.js`, what the package's `bin` points
 * at) for the real-server tests, as a child process, its JSON log lines collected.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { realServer } from '../../../../tooling/vitest/real-server.js'

/** The file the package's `bin` points at. */
export const builtDaemon = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))

/** The built binary; throws when it is missing. */
export function daemonBin(): string {
  if (!existsSync(builtDaemon)) {
    throw new Error(
      `${builtDaemon} is missing: build the daemon first (tooling/run pnpm --filter @debusine-ts/daemon... build)`,
    )
  }
  return builtDaemon
}

/** A client configuration file for the real server with the given token. */
export async function writeConfig(directory: string, token: string, extra = ''): Promise<string> {
  const server = realServer()
  const file = join(directory, 'config.ini')
  await writeFile(
    file,
    `[General]\ndefault-server = realserver\n\n[server:realserver]\napi-url = ${server.apiUrl}/\nscope = ${server.scope}\ntoken = ${token}\ndefault-workspace = ${server.workspace}\n${extra}`,
    { mode: 0o600 },
  )
  return file
}

/** A running daemon. */
export interface DaemonProcess {
  child: ChildProcess
  /** The JSON log lines so far. */
  lines: Record<string, unknown>[]
  /** Everything written to stderr. */
  stderr: () => string
  /** Resolves with the first log line that matches (after those already seen, if `fromIndex`). */
  waitForLine: (
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>
  /** Resolves with the exit status. */
  exited: Promise<number | null>
}

/** Start the built daemon binary with `args` in `cwd`, with `env` added to the tests' environment. */
export function startDaemon(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<DaemonProcess> {
  const child = spawn(process.execPath, [daemonBin(), ...args], {
    cwd,
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, DEBUSINE_SERVER_NAME: '', ...env },
  })
  let text = ''
  const lines: Record<string, unknown>[] = []
  const listeners: (() => void)[] = []
  let pending = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk
    pending += chunk
    const parts = pending.split('\n')
    pending = parts.pop() ?? ''
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>)
      } catch {
        lines.push({ raw: part })
      }
    }
    for (const listener of listeners) listener()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return Promise.resolve({
    child,
    lines,
    stderr: () => text,
    exited,
    waitForLine: (match, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such log line within ${timeoutMs} ms:\n${text}`)),
          timeoutMs,
        )
        const check = (): void => {
          const found = lines.find(match)
          if (found !== undefined) {
            clearTimeout(timer)
            resolve(found)
          }
        }
        listeners.push(check)
        check()
        void exited.then(() => setTimeout(check, 10))
      }),
  })
}
