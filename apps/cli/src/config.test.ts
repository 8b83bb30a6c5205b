import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CliError } from './cli-error.js'
import { defaultConfigFile, parseHttpTimeout, resolveServer } from './config.js'
import { parseIni } from './ini.js'

function configFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'debusine-ts-config-')), 'config.ini')
  writeFileSync(path, text)
  return path
}

const two = configFile(`[General]
default-server = one

[server:one]
api-url = https://one.example.org/api
scope = s1
token = t1

[server:two]
API-URL: https://two.example.org/api/
scope = s2
token = t2
default-workspace = ws2
http-timeout = 5,30

[server:debian]
api-url = https://debusine.debian.net/api/
scope = debian
token = t3
`)

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(CliError)
  expect((error as CliError).exitCode).toBe(3)
  return error as CliError
}

describe('parseIni', () => {
  it('reads sections, = and :, comments, lower-cased keys and continuation lines', () => {
    const ini = parseIni('# c\n[a]\nKey = v\n; c\nother: w\n  more\n', 'f')
    expect(ini.get('a')).toEqual(
      new Map([
        ['key', 'v'],
        ['other', 'w\nmore'],
      ]),
    )
  })

  it('rejects a key outside a section and duplicates', () => {
    expect(() => parseIni('a = b\n', 'f')).toThrow(/no section header/)
    expect(() => parseIni('[a]\n[a]\n', 'f')).toThrow(/already exists/)
    expect(() => parseIni('[a]\nk = 1\nk = 2\n', 'f')).toThrow(/already set/)
  })
})

describe('resolveServer (PROTOCOL §13)', () => {
  it('uses [General] default-server when nothing else names a server', async () => {
    const settings = await resolveServer({ configFile: two, env: {} })
    expect(settings).toMatchObject({
      name: 'one',
      apiUrl: 'https://one.example.org/api',
      scope: 's1',
      token: 't1',
    })
    expect(settings.defaultWorkspace).toBe('System')
    expect(settings.timeoutMs).toBeUndefined()
  })

  it('precedence: --server > DEBUSINE_SERVER_NAME > default-server', async () => {
    expect((await resolveServer({ configFile: two, env: { DEBUSINE_SERVER_NAME: 'two' } })).name).toBe('two')
    expect(
      (await resolveServer({ configFile: two, server: 'one', env: { DEBUSINE_SERVER_NAME: 'two' } })).name,
    ).toBe('one')
  })

  it('selects FQDN/SCOPE by the api-url host and the scope', async () => {
    const settings = await resolveServer({ configFile: two, server: 'two.example.org/s2', env: {} })
    expect(settings.section).toBe('server:two')
    await failure(resolveServer({ configFile: two, server: 'two.example.org/other', env: {} }))
  })

  it('--scope overrides the section scope; default-workspace and http-timeout are read', async () => {
    const settings = await resolveServer({ configFile: two, server: 'two', scope: 'other', env: {} })
    expect(settings).toMatchObject({ scope: 'other', defaultWorkspace: 'ws2', timeoutMs: 35_000 })
  })

  it('a known server name gives its preset default workspace', async () => {
    expect((await resolveServer({ configFile: two, server: 'debian', env: {} })).defaultWorkspace).toBe(
      'developers',
    )
  })

  it('fails with exit 3: missing file, unknown server, missing keys, unknown keys, no default', async () => {
    expect(
      (await failure(resolveServer({ configFile: '/nonexistent/config.ini', env: {} }))).message,
    ).toMatch(/Cannot read \/nonexistent\/config.ini/)
    expect((await failure(resolveServer({ configFile: two, server: 'nope', env: {} }))).message).toMatch(
      /No Debusine client configuration for 'nope'/,
    )
    const missing = configFile('[General]\ndefault-server = x\n[server:x]\napi-url = https://x/api\n')
    expect((await failure(resolveServer({ configFile: missing, env: {} }))).message).toMatch(
      /Missing required keys in the section \[server:x\]: scope, token/,
    )
    const unknown = configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = u\nscope = s\ntoken = t\ncolour = red\n',
    )
    expect((await failure(resolveServer({ configFile: unknown, env: {} }))).message).toMatch(
      /Invalid keys in the section \[server:x\]: colour/,
    )
    const noGeneral = configFile('[server:x]\napi-url = u\nscope = s\ntoken = t\n')
    await failure(resolveServer({ configFile: noGeneral, env: {} }))
    const noDefault = configFile('[General]\n[server:x]\napi-url = u\nscope = s\ntoken = t\n')
    expect((await failure(resolveServer({ configFile: noDefault, env: {} }))).message).toMatch(
      /default-server key/,
    )
  })

  it('never puts the token in an error', async () => {
    const unknown = configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = u\nscope = s\ntoken = SECRET\nbad = 1\n',
    )
    const error = await failure(resolveServer({ configFile: unknown, env: {} }))
    expect(`${error.message} ${error.hint ?? ''}`).not.toContain('SECRET')
  })

  it('defaults to ~/.config/debusine/client/config.ini', () => {
    expect(defaultConfigFile({ HOME: '/home/u' })).toBe('/home/u/.config/debusine/client/config.ini')
  })

  it('parses http-timeout as N or CONNECT,READ seconds', () => {
    expect(parseHttpTimeout('10')).toBe(10_000)
    expect(parseHttpTimeout('5, 30')).toBe(35_000)
    expect(parseHttpTimeout('x')).toBeUndefined()
  })
})
