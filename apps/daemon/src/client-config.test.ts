import { chmod, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runDaemon } from './daemon.js'
import { exitCodes } from '@debusine-ts/cli-kit'

// The daemon reads the Python client's config.ini with the shared reader of
// @debusine-ts/client (its rules are tested there); here: how the daemon reports it.
async function run(
  config: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number; log: string }> {
  let log = ''
  const code = await runDaemon({
    argv: ['--config-file', config, ...extra, '/bin/true'],
    env,
    stderr: { write: (text: string) => (log += text) },
    stdout: { write: () => true },
    signal: AbortSignal.abort(),
    version: '0.0.0',
  })
  return { code, log }
}

async function configFile(content: string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'daemon-config-')), 'config.ini')
  await writeFile(file, content)
  return file
}

describe('the daemon and the client configuration file', () => {
  it('exits 3 with a JSON log line naming the file, for a missing file', async () => {
    const { code, log } = await run('/nonexistent/config.ini')
    expect(code).toBe(exitCodes.handled)
    const line = JSON.parse(log.trim().split('\n')[0]!) as Record<string, unknown>
    expect(line).toMatchObject({ code: 'client_config', exitCode: 3 })
    expect(String(line.message)).toMatch(/Cannot read \/nonexistent\/config\.ini/)
    expect(String(line.hint)).toMatch(/setup/)
  })

  it('exits 3 for an unknown key, an unknown server, a missing token; never logs the token', async () => {
    const unknown = await configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = http://h/api\nscope = s\ntoken = SECRET\ncolour = red\n',
    )
    const first = await run(unknown)
    expect(first.code).toBe(exitCodes.handled)
    expect(first.log).toMatch(/Invalid keys in the section \[server:x\]: colour/)
    expect(first.log).not.toContain('SECRET')
    const second = await run(unknown, ['--server', 'nope'])
    expect(second.log).toMatch(/No Debusine client configuration for 'nope'/)
    const missing = await configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = http://h/api\nscope = s\n',
    )
    expect((await run(missing)).log).toMatch(/Missing required keys in the section \[server:x\]: token/)
  })

  it('logs a warning line for a clear-text token and a file others can read; refuses it when asked', async () => {
    const file = await configFile(
      `[General]\ndefault-server = x\n[server:x]\napi-url = http://h.example.org/api\nscope = s\ntoken = ${'a'.repeat(40)}\n`,
    )
    await chmod(file, 0o644)
    const lines = (await run(file)).log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const warnings = lines.filter((line) => line.level === 'warn').map((line) => String(line.message))
    expect(warnings).toEqual([
      `${file} holds API tokens and is readable by group or others: run chmod 600 ${file}`,
      expect.stringMatching(
        /^the token is sent in clear text to http:\/\/h\.example\.org\/api: use an https/,
      ),
    ])
    const refused = await run(file, [], { DEBUSINE_TS_REQUIRE_HTTPS: '1' })
    expect(refused.code).toBe(exitCodes.handled)
    expect(refused.log).toMatch(/clear text .* refused/)
  })
})
