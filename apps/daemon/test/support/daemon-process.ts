/**
 * Runs the real daemon binary for the real-server tests: bundled once from the sources
 * with esbuild (the workspace packages from their sources too), started as a child
 * process, its JSON log lines collected.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { realServer } from '../../../../tooling/vitest/real-server.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

let bundled: Promise<string> | undefined

/** The daemon bundled into one ESM file (built once per test file). */
export function daemonBundle(): Promise<string> {
  bundled ??= (async () => {
    const directory = await mkdtemp(join(tmpdir(), 'daemon-bundle-'))
    const outfile = join(directory, 'dist', 'bin.mjs')
    // bin.ts reads ../package.json for its version.
    await writeFile(join(directory, 'package.json'), '{"version": "0.0.0-test"}')
    const packages = ['models', 'artifacts', 'transport', 'client', 'events', 'enroll']
    await build({
      entryPoints: [join(root, 'apps/daemon/src/bin.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outfile,
      logLevel: 'error',
      // The workspace packages from their sources; the client's command-line kit is a subpath.
      plugins: [
        {
          name: 'workspace-sources',
          setup: (plugin) => {
            plugin.onResolve(
              { filter: new RegExp(`^@debusine-ts/(${packages.join('|')})(/command-line)?$`) },
              (args) => {
                const [, name, subpath] = /^@debusine-ts\/([a-z]+)(\/command-line)?$/.exec(args.path)!
                return { path: join(root, `packages/${name}/src`, subpath ?? '', 'index.ts') }
              },
            )
          },
        },
      ],
      // ws is CommonJS and requires Node's own modules.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    })
    return outfile
  })()
  return bundled
}

/** A client configuration file for the real server with the given token. */
export async function writeConfig(directory: string, token: string, extra = ''): Promise<string> {
  const server = realServer()
  const file = join(directory, 'config.ini')
  await writeFile(
    file,
    `[General]\ndefault-server = realserver\n\n[server:realserver]\napi-url = ${server.apiUrl}/\nscope = ${server.scope}\ntoken = ${token}\ndefault-workspace = ${server.workspace}\n${extra}`,
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

/** Start the daemon binary with `args` in `cwd`. */
export async function startDaemon(args: string[], cwd: string): Promise<DaemonProcess> {
  const bin = await daemonBundle()
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, DEBUSINE_SERVER_NAME: '' },
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
  return {
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
  }
}
