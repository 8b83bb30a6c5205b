import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ClientConfigError } from './client-config-error.js'
import { defaultConfigFile, parseHttpTimeout, readClientConfig } from './client-config.js'

function configFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'debusine-ts-config-')), 'config.ini')
  writeFileSync(path, text)
  return path
}

const two = configFile(`# comment
[General]
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

async function failure(promise: Promise<unknown>): Promise<ClientConfigError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(ClientConfigError.isInstance(error)).toBe(true)
  expect((error as ClientConfigError).code).toBe('client_config')
  return error as ClientConfigError
}

describe('readClientConfig (docs/protocol.md §11)', () => {
  it('uses [General] default-server when nothing else names a server', async () => {
    const settings = await readClientConfig({ configFile: two, env: {} })
    expect(settings).toMatchObject({
      name: 'one',
      section: 'server:one',
      apiUrl: 'https://one.example.org/api',
      scope: 's1',
      token: 't1',
      configFile: two,
    })
    expect(settings.defaultWorkspace).toBe('System')
    expect(settings.defaultWorkspaceConfigured).toBe(false)
    expect(settings.timeoutMs).toBeUndefined()
  })

  it('precedence: server > DEBUSINE_SERVER_NAME > default-server; empty values count as unset', async () => {
    expect((await readClientConfig({ configFile: two, env: { DEBUSINE_SERVER_NAME: 'two' } })).name).toBe(
      'two',
    )
    expect(
      (await readClientConfig({ configFile: two, server: 'one', env: { DEBUSINE_SERVER_NAME: 'two' } })).name,
    ).toBe('one')
    expect(
      (await readClientConfig({ configFile: two, server: '', env: { DEBUSINE_SERVER_NAME: '' } })).name,
    ).toBe('one')
  })

  it('selects FQDN/SCOPE by the api-url host and the scope', async () => {
    const settings = await readClientConfig({ configFile: two, server: 'two.example.org/s2', env: {} })
    expect(settings.section).toBe('server:two')
    expect(settings.token).toBe('t2')
    await failure(readClientConfig({ configFile: two, server: 'two.example.org/other', env: {} }))
  })

  it('scope overrides the section scope; default-workspace and http-timeout are read', async () => {
    const settings = await readClientConfig({ configFile: two, server: 'two', scope: 'other', env: {} })
    expect(settings).toMatchObject({
      scope: 'other',
      defaultWorkspace: 'ws2',
      defaultWorkspaceConfigured: true,
      timeoutMs: 35_000,
    })
  })

  it('reads ca-file, relative to the file, as the CA of that server only', async () => {
    const file = configFile(
      '[server:tls]\napi-url = https://tls.example.org/api\nscope = s\ntoken = t\nca-file = ca/company.pem\n',
    )
    const settings = await readClientConfig({ configFile: file, server: 'tls', env: {} })
    expect(settings.caFile).toBe(join(file, '..', 'ca', 'company.pem'))
    expect((await readClientConfig({ configFile: two, server: 'two', env: {} })).caFile).toBeUndefined()
  })

  it('a known server gives its preset default workspace, also when selected by FQDN/SCOPE', async () => {
    expect((await readClientConfig({ configFile: two, server: 'debian', env: {} })).defaultWorkspace).toBe(
      'developers',
    )
    expect(
      (await readClientConfig({ configFile: two, server: 'debusine.debian.net/debian', env: {} }))
        .defaultWorkspace,
    ).toBe('developers')
  })

  it('fails naming the file, section and key: missing file, unknown server, missing or unknown keys, no default', async () => {
    const unreadable = await failure(readClientConfig({ configFile: '/nonexistent/config.ini', env: {} }))
    expect(unreadable.message).toMatch(/^Cannot read \/nonexistent\/config.ini/)
    expect(unreadable.file).toBe('/nonexistent/config.ini')
    expect(unreadable.hint).toMatch(/setup/)
    expect((await failure(readClientConfig({ configFile: two, server: 'nope', env: {} }))).message).toMatch(
      /No Debusine client configuration for 'nope'/,
    )
    const missing = configFile('[General]\ndefault-server = x\n[server:x]\napi-url = https://x/api\n')
    const missingError = await failure(readClientConfig({ configFile: missing, env: {} }))
    expect(missingError.message).toMatch(/Missing required keys in the section \[server:x\]: scope, token/)
    expect(missingError).toMatchObject({ file: missing, section: 'server:x', key: 'scope' })
    const unknown = configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = u\nscope = s\ntoken = t\ncolour = red\n',
    )
    const unknownError = await failure(readClientConfig({ configFile: unknown, env: {} }))
    expect(unknownError.message).toMatch(/Invalid keys in the section \[server:x\]: colour/)
    expect(unknownError).toMatchObject({ section: 'server:x', key: 'colour' })
    const noGeneral = configFile('[server:x]\napi-url = u\nscope = s\ntoken = t\n')
    expect(await failure(readClientConfig({ configFile: noGeneral, env: {} }))).toMatchObject({
      section: 'General',
      key: 'default-server',
    })
    const noDefault = configFile('[General]\n[server:x]\napi-url = u\nscope = s\ntoken = t\n')
    expect((await failure(readClientConfig({ configFile: noDefault, env: {} }))).message).toMatch(
      /default-server key/,
    )
    const broken = configFile('key = value\n')
    expect((await failure(readClientConfig({ configFile: broken, env: {} }))).message).toMatch(
      /Cannot parse .*line 1: no section header/,
    )
  })

  it('never puts the token in an error', async () => {
    const unknown = configFile(
      '[General]\ndefault-server = x\n[server:x]\napi-url = u\nscope = s\ntoken = SECRET\nbad = 1\n',
    )
    const error = await failure(readClientConfig({ configFile: unknown, env: {} }))
    expect(`${error.message} ${error.hint ?? ''}`).not.toContain('SECRET')
  })

  it('defaults to ~/.config/debusine/client/config.ini', () => {
    expect(defaultConfigFile({ HOME: '/home/u' })).toBe('/home/u/.config/debusine/client/config.ini')
  })

  it('parses http-timeout as N or CONNECT,READ seconds', () => {
    expect(parseHttpTimeout('10')).toBe(10_000)
    expect(parseHttpTimeout('5, 30')).toBe(35_000)
    expect(parseHttpTimeout('x')).toBeUndefined()
    expect(parseHttpTimeout('1,2,3')).toBeUndefined()
  })
})

describe('readClientConfig: what it says about tokens', () => {
  const server = (apiUrl: string, token = 'a'.repeat(40), general = ''): string =>
    `[General]\ndefault-server = x\n${general}[server:x]\napi-url = ${apiUrl}\nscope = s\ntoken = ${token}\n`
  const privateFile = (text: string): string => {
    const path = configFile(text)
    chmodSync(path, 0o600)
    return path
  }

  it('warns in one line, naming the file and chmod 600, when group or others can read the file', async () => {
    const file = configFile(server('https://h.example.org/api'))
    chmodSync(file, 0o640)
    const { warnings } = await readClientConfig({ configFile: file, env: {} })
    expect(warnings).toEqual([
      `${file} holds API tokens and is readable by group or others: run chmod 600 ${file}`,
    ])
    chmodSync(file, 0o600)
    expect((await readClientConfig({ configFile: file, env: {} })).warnings).toEqual([])
  })

  it('warns in one line for a token in clear text to another machine, not for https or loopback', async () => {
    const remote = privateFile(server('http://h.example.org/api'))
    const [warning, ...others] = (await readClientConfig({ configFile: remote, env: {} })).warnings
    expect(others).toEqual([])
    expect(warning).toMatch(
      /clear text to http:\/\/h\.example\.org\/api: use an https:\/\/ URL \(\[server:x\] of /,
    )
    expect(warning).not.toContain('\n')
    for (const apiUrl of [
      'https://h.example.org/api',
      'http://localhost:8000/api',
      'http://127.0.0.1:8011/api',
    ]) {
      expect((await readClientConfig({ configFile: privateFile(server(apiUrl)), env: {} })).warnings).toEqual(
        [],
      )
    }
  })

  it('refuses a token in clear text when [General] require-https or DEBUSINE_TS_REQUIRE_HTTPS says so', async () => {
    const remote = privateFile(server('http://h.example.org/api'))
    const byEnv = await failure(
      readClientConfig({ configFile: remote, env: { DEBUSINE_TS_REQUIRE_HTTPS: '1' } }),
    )
    expect(byEnv).toMatchObject({ section: 'server:x', key: 'api-url' })
    expect(byEnv.message).toMatch(/clear text .* refused/)
    const byKey = privateFile(server('http://h.example.org/api', 'a'.repeat(40), 'require-https = true\n'))
    expect((await failure(readClientConfig({ configFile: byKey, env: {} }))).key).toBe('api-url')
    expect(
      (await readClientConfig({ configFile: remote, env: { DEBUSINE_TS_REQUIRE_HTTPS: '0' } })).warnings,
    ).toHaveLength(1)
  })

  it('reports a malformed token without quoting it', async () => {
    const token = 'f00dcafe\u20acSECRET-REST-OF-TOKEN'
    const error = await failure(
      readClientConfig({ configFile: privateFile(server('https://h/api', token)), env: {} }),
    )
    expect(error).toMatchObject({ section: 'server:x', key: 'token' })
    expect(error.message).toMatch(/token of \[server:x\] .* is malformed: character 9 of 29/)
    expect(JSON.stringify({ message: error.message, hint: error.hint })).not.toMatch(/SECRET|f00dcafe/)
    const spaced = await failure(
      readClientConfig({ configFile: privateFile(server('https://h/api', 'abc def-SECRET')), env: {} }),
    )
    expect(spaced.message).not.toContain('SECRET')
  })
})
