import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { main } from '../../src/index.js'
import { realServer } from '../../../../tooling/vitest/real-server.js'

/** What one in-process run of the CLI printed and returned. */
export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Run the CLI in-process with captured streams. */
export async function runCli(
  argv: string[],
  options: {
    stdin?: string
    env?: Record<string, string>
    cwd?: string
    signal?: AbortSignal
    /** Called with each write to stdout, as it happens. */
    onStdout?: (text: string) => void
  } = {},
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: {
      write: (text: string) => {
        stdout += text
        options.onStdout?.(text)
      },
      isTTY: false,
    },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    stdin: Readable.from([options.stdin ?? '']),
    env: { HOME: '/nonexistent', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    signal: options.signal,
  })
  return { code, stdout, stderr }
}

/** A config.ini for the real server (testuser), in a new temporary directory or `directory`, and its path. */
export function writeConfig(
  options: { token?: string; workspace?: string; extra?: string; apiUrl?: string; directory?: string } = {},
): string {
  const server = realServer()
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'debusine-ts-cli-'))
  const path = join(directory, 'config.ini')
  writeFileSync(
    path,
    [
      '[General]',
      'default-server = real',
      '',
      '[server:real]',
      `api-url = ${options.apiUrl ?? server.apiUrl}`,
      `scope = ${server.scope}`,
      `token = ${options.token ?? server.token}`,
      `default-workspace = ${options.workspace ?? server.workspace}`,
      options.extra ?? '',
      '',
    ].join('\n'),
  )
  return path
}
