import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { realServer } from '../../../../tooling/vitest/real-server.js'

export { runCli, type CliRun } from './built-cli.js'

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
    { mode: 0o600 },
  )
  return path
}
