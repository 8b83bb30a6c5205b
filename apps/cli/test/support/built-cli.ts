import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

/** The file the package's `bin` points at: what `npm install -g @debusine-ts/cli` runs. */
export const builtBin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))

/** What one run of the built CLI printed and how it exited (128 + n when killed by signal n). */
export interface CliRun {
  code: number
  /** The signal that killed it, when one did (before it could handle it). */
  killedBy?: NodeJS.Signals | undefined
  stdout: string
  stderr: string
}

/** How to run the built CLI. */
export interface CliRunOptions {
  /** Standard input. */
  stdin?: string
  /** Variables added to a clean environment (PATH, HOME=/nonexistent and the tests' XDG_STATE_HOME). */
  env?: Record<string, string>
  cwd?: string
  /** Aborting sends SIGINT, as Ctrl-C does (or `interruptWith`). */
  signal?: AbortSignal
  /** The signal an abort of `signal` sends; default SIGINT. */
  interruptWith?: NodeJS.Signals
  /** Called with the process id once it started (to send it more signals). */
  onStart?: (pid: number) => void
  /** Called with each chunk written to stdout or stderr, as it happens. */
  onStdout?: (text: string) => void
  onStderr?: (text: string) => void
  /** Run on a pseudo-terminal (script(1)): stdin, stdout and stderr are one terminal. */
  terminal?: boolean
  /** The Node binary (default: the one running the tests). */
  node?: string
}

function quoted(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`
}

/** Run `node dist/bin.js ARGV` as a user's shell would, and collect what it printed. */
export function runCli(argv: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  if (!existsSync(builtBin))
    throw new Error(`${builtBin} is missing: build the CLI first (tooling/run pnpm build)`)
  const node = options.node ?? process.execPath
  const command = [node, builtBin, ...argv]
  const [file, args] =
    options.terminal === true
      ? ['script', ['-qefc', command.map(quoted).join(' '), '/dev/null']]
      : [node, command.slice(1)]
  const child = spawn(file, args, {
    cwd: options.cwd ?? process.cwd(),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: '/nonexistent',
      ...(process.env.XDG_STATE_HOME === undefined ? {} : { XDG_STATE_HOME: process.env.XDG_STATE_HOME }),
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  if (child.pid !== undefined) options.onStart?.(child.pid)
  const interrupt = (): void => void child.kill(options.interruptWith ?? 'SIGINT')
  options.signal?.addEventListener('abort', interrupt, { once: true })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text
    options.onStdout?.(text)
  })
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text
    options.onStderr?.(text)
  })
  child.stdin.on('error', () => undefined).end(options.stdin ?? '')
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (status, signal) => {
      options.signal?.removeEventListener('abort', interrupt)
      const code = status ?? 128 + (signal === null ? 0 : constants.signals[signal])
      const killedBy = signal ?? undefined
      // A terminal turns each newline into CRLF.
      resolve(
        options.terminal === true
          ? { code, killedBy, stdout: stdout.replaceAll('\r\n', '\n'), stderr }
          : { code, killedBy, stdout, stderr },
      )
    })
  })
}
