import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { builtBin, runCli } from './support/built-cli.js'

const TOKEN = 'f00dcafe0123456789abcdefTOKENSECRET'
const ptyDialog = fileURLToPath(new URL('support/pty-dialog.py', import.meta.url))

function directory(): string {
  return mkdtempSync(join(tmpdir(), 'debusine-ts-setup-token-'))
}

function savedToken(file: string): string | undefined {
  return /^token = (.*)$/m.exec(readFileSync(file, 'utf8'))?.[1]
}

const scripted = (file: string, ...options: string[]) => [
  '--config-file',
  file,
  '--server',
  'x',
  'setup',
  '--api-url',
  'https://x.example.org/api/',
  '--scope',
  's',
  ...options,
]

describe('setup: where the token comes from', () => {
  it('reads it from --token-file FILE, never printing it', async () => {
    const work = directory()
    writeFileSync(join(work, 'token.txt'), `${TOKEN}\n`)
    const file = join(work, 'config.ini')
    const run = await runCli(scripted(file, '--token-file', 'token.txt'), { cwd: work })
    expect(run.code, run.stderr).toBe(0)
    expect(savedToken(file)).toBe(TOKEN)
    expect(run.stdout + run.stderr).not.toContain(TOKEN)
    expect(run.stderr).not.toMatch(/ps/)
  })

  it('reads it from standard input with --token-file -', async () => {
    const file = join(directory(), 'config.ini')
    const run = await runCli(scripted(file, '--token-file', '-'), { stdin: `  ${TOKEN}  \nignored\n` })
    expect(run.code, run.stderr).toBe(0)
    expect(savedToken(file)).toBe(TOKEN)
  })

  it('refuses an empty token file, a missing one, and --token with --token-file', async () => {
    const work = directory()
    writeFileSync(join(work, 'empty.txt'), '\n')
    const file = join(work, 'config.ini')
    const empty = await runCli(scripted(file, '--token-file', 'empty.txt'), { cwd: work })
    expect(empty.code).toBe(3)
    expect(empty.stderr).toMatch(/--token-file: the first line of empty\.txt is empty/)
    const missing = await runCli(scripted(file, '--token-file', 'nope.txt'), { cwd: work })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/argument --token-file: can't open 'nope\.txt'/)
    const both = await runCli(scripted(file, '--token', TOKEN, '--token-file', '-'), { stdin: TOKEN })
    expect(both.code).toBe(3)
    expect(both.stderr).not.toContain(TOKEN)
  })

  it('still takes --token, with a one-line warning that it shows in ps', async () => {
    const file = join(directory(), 'config.ini')
    const run = await runCli(scripted(file, '--token', TOKEN))
    expect(run.code, run.stderr).toBe(0)
    expect(savedToken(file)).toBe(TOKEN)
    expect(run.stderr).toMatch(
      /^Warning: --token shows the token to other users \(ps\) .* prefer --token-file/m,
    )
  })

  it('reads it on a terminal without echo', async () => {
    const file = join(directory(), 'config.ini')
    const dialog = [
      ['Action: ', 'url\n'],
      ['URL of the /api', 'https://x.example.org/api/\n'],
      ['Action: ', 'scope\n'],
      ['Scope', 's\n'],
      ['Action: ', 'token\n'],
      ['Token (', `${TOKEN}\r`],
      ['Action: ', 'save\n'],
    ]
    const argv = [process.execPath, builtBin, '--config-file', file, '--server', 'x', 'setup']
    const { stdout } = await promisify(execFile)('python3', [ptyDialog, JSON.stringify(dialog), ...argv], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' },
    })
    const { status, output, unanswered } = JSON.parse(stdout) as {
      status: number
      output: string
      unanswered: unknown[]
    }
    expect(unanswered, output).toEqual([])
    expect(status, output).toBe(0)
    expect(output).toContain('url\r\n')
    expect(output).toContain('token:     (set)')
    expect(output).not.toContain(TOKEN)
    expect(savedToken(file)).toBe(TOKEN)
  })
})

describe('the config file, read by any command', () => {
  it('gets a one-line warning naming it and chmod 600 when group or others can read it', async () => {
    const work = directory()
    const file = join(work, 'config.ini')
    const section = `[General]\ndefault-server = x\n[server:x]\napi-url = http://127.0.0.1:9/api\nscope = s\ntoken = ${TOKEN}\n`
    writeFileSync(file, section)
    chmodSync(file, 0o644)
    const open = await runCli(['--config-file', file, 'artifact', 'show', '1'])
    expect(open.stderr).toContain(
      `Warning: ${file} holds API tokens and is readable by group or others: run chmod 600 ${file}\n`,
    )
    chmodSync(file, 0o600)
    const closed = await runCli(['--config-file', file, 'artifact', 'show', '1'])
    expect(closed.stderr).not.toMatch(/chmod/)
  })

  it('warns on every run about a token in clear text, and refuses it with DEBUSINE_TS_REQUIRE_HTTPS', async () => {
    const file = join(directory(), 'config.ini')
    // A name that never resolves (.invalid): the warning comes before any connection.
    const section = `[server:x]\napi-url = http://debusine.invalid/api\nscope = s\ntoken = ${TOKEN}\nhttp-timeout = 1\n`
    writeFileSync(file, `[General]\ndefault-server = x\n${section}`)
    chmodSync(file, 0o600)
    const warned = await runCli(['--config-file', file, 'artifact', 'show', '1'])
    const lines = warned.stderr.split('\n').filter((line) => line.includes('clear text'))
    expect(lines).toEqual([
      expect.stringMatching(
        /^Warning: the token is sent in clear text to http:\/\/debusine\.invalid\/api: use an https:\/\/ URL/,
      ),
    ])
    const refused = await runCli(['--config-file', file, 'artifact', 'show', '1'], {
      env: { DEBUSINE_TS_REQUIRE_HTTPS: '1' },
    })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toMatch(/^Error: the token is sent in clear text .* refused/m)
  })

  it('reports a malformed token without its value', async () => {
    const file = join(directory(), 'config.ini')
    writeFileSync(
      file,
      `[General]\ndefault-server = x\n[server:x]\napi-url = https://x.example.org/api\nscope = s\ntoken = ${TOKEN}\u20acMORE\n`,
    )
    chmodSync(file, 0o600)
    const run = await runCli(['--config-file', file, 'artifact', 'show', '1'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/token of \[server:x\] .* is malformed/)
    expect(run.stderr).not.toMatch(/TOKENSECRET|unexpected error/)
  })
})
