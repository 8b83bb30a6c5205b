import { mkdtempSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ClientConfigError } from './client-config-error.js'
import { readClientConfig } from './client-config.js'
import { writeServerConfig } from './config-writer.js'
import { knownServers, lintApiUrl, presetWorkspace, serverFromInput } from './known-servers.js'

const directory = () => mkdtempSync(join(tmpdir(), 'debusine-ts-writer-'))

describe('writeServerConfig', () => {
  it('creates the file and its directory, mode 600, and makes the first server the default', async () => {
    const configFile = join(directory(), 'sub', 'config.ini')
    await writeServerConfig({
      configFile,
      name: 'x',
      apiUrl: 'https://x.example.org/api/',
      scope: 'sx',
      token: 'tx',
      defaultWorkspace: 'wx',
    })
    expect(statSync(configFile).mode & 0o777).toBe(0o600)
    expect(await readClientConfig({ configFile, env: {} })).toMatchObject({
      name: 'x',
      apiUrl: 'https://x.example.org/api/',
      scope: 'sx',
      token: 'tx',
      defaultWorkspace: 'wx',
    })
    // No temporary file is left next to it.
    expect(readdirSync(join(configFile, '..'))).toEqual(['config.ini'])
  })

  it('keeps the other sections, comments and keys; changes the default only when asked', async () => {
    const configFile = join(directory(), 'config.ini')
    writeFileSync(
      configFile,
      '# mine\n[General]\ndefault-server = a\n\n[server:a]\napi-url = https://a/api/\nscope = s\ntoken = ta\nhttp-timeout = 9\n',
    )
    await writeServerConfig({ configFile, name: 'a', apiUrl: 'https://a/api/', scope: 's', token: 'new' })
    await writeServerConfig({ configFile, name: 'b', apiUrl: 'https://b/api/', scope: 's', token: 'tb' })
    const text = readFileSync(configFile, 'utf8')
    expect(text).toContain('# mine')
    expect(await readClientConfig({ configFile, env: {} })).toMatchObject({
      name: 'a',
      token: 'new',
      timeoutMs: 9000,
    })
    await writeServerConfig({
      configFile,
      name: 'b',
      apiUrl: 'https://b/api/',
      scope: 's',
      token: 'tb',
      makeDefault: true,
    })
    expect((await readClientConfig({ configFile, env: {} })).name).toBe('b')
  })

  it('refuses to overwrite a file it cannot parse', async () => {
    const configFile = join(directory(), 'config.ini')
    writeFileSync(configFile, 'garbage\n')
    const error = await writeServerConfig({
      configFile,
      name: 'a',
      apiUrl: 'u',
      scope: 's',
      token: 't',
    }).catch((reason: unknown) => reason)
    expect(ClientConfigError.isInstance(error)).toBe(true)
    expect(readFileSync(configFile, 'utf8')).toBe('garbage\n')
  })
})

describe('known servers', () => {
  it('has the Python presets', () => {
    expect(knownServers.map((server) => [server.name, server.defaultWorkspace])).toEqual([
      ['debian', 'developers'],
      ['freexian', 'sandbox'],
      ['localhost', 'Playground'],
    ])
    expect(presetWorkspace('other')).toBe('System')
  })

  it('turns a typed name or URL into a server', () => {
    expect(serverFromInput('debian').apiUrl).toBe('https://debusine.debian.net/api/')
    expect(serverFromInput('debusine.example.org')).toMatchObject({
      name: 'debusine.example.org',
      apiUrl: 'https://debusine.example.org/api/',
      scope: 'debusine',
    })
    expect(serverFromInput('http://127.0.0.1:8011/api').apiUrl).toBe('http://127.0.0.1:8011/api')
  })

  it('lints api URLs as the Python setup', () => {
    expect(lintApiUrl('https://debusine.debian.net/api/')).toEqual([])
    expect(lintApiUrl('http://localhost:8000/api')).toEqual([])
    expect(lintApiUrl('http://example.org/')).toHaveLength(2)
  })
})
