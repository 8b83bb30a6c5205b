import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readServerConfig } from './client-config.js'
import { parseIni } from './ini.js'

const text = `# comment
[General]
default-server = debian

[server:debian]
api-url = https://debusine.debian.net/api/
scope = debian
token = aaa
default-workspace = developers

[server:local]
API-URL: http://localhost:8000/api
scope = debusine
token = bbb
`

async function configFile(content = text): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'config-')), 'config.ini')
  await writeFile(file, content)
  return file
}

describe('parseIni', () => {
  it('reads sections, = and : separators, lower-cases keys, skips comments, joins continuation lines', () => {
    const sections = parseIni('[a]\nKey = one\n  two\n; note\nother: x = y\n')
    expect(sections.get('a')?.get('key')).toBe('one\ntwo')
    expect(sections.get('a')?.get('other')).toBe('x = y')
    expect(() => parseIni('key = value')).toThrow(/line 1/)
  })
})

describe('readServerConfig', () => {
  it('takes --server, then DEBUSINE_SERVER_NAME, then [General] default-server', async () => {
    const file = await configFile()
    expect(await readServerConfig({ configFile: file })).toEqual({
      name: 'debian',
      apiUrl: 'https://debusine.debian.net/api/',
      scope: 'debian',
      token: 'aaa',
      defaultWorkspace: 'developers',
    })
    expect((await readServerConfig({ configFile: file, env: { DEBUSINE_SERVER_NAME: 'local' } })).name).toBe(
      'local',
    )
    expect(
      (await readServerConfig({ configFile: file, server: 'debian', env: { DEBUSINE_SERVER_NAME: 'local' } }))
        .name,
    ).toBe('debian')
  })

  it('finds FQDN/SCOPE by the host of api-url and the scope', async () => {
    const file = await configFile()
    const server = await readServerConfig({ configFile: file, server: 'localhost/debusine' })
    expect(server).toMatchObject({ name: 'local', token: 'bbb', defaultWorkspace: undefined })
  })

  it('says what is wrong: unreadable file, unknown server, unknown or missing keys', async () => {
    await expect(readServerConfig({ configFile: '/nonexistent/config.ini' })).rejects.toThrow(
      /^Cannot read \/nonexistent\/config\.ini/,
    )
    const file = await configFile()
    await expect(readServerConfig({ configFile: file, server: 'nope' })).rejects.toThrow(
      "No Debusine client configuration for 'nope'",
    )
    await expect(
      readServerConfig({
        configFile: await configFile(
          '[server:x]\napi-url = http://h/api\nscope = s\ntoken = t\ncolour = red\n',
        ),
        server: 'x',
      }),
    ).rejects.toThrow("unknown key 'colour'")
    await expect(
      readServerConfig({
        configFile: await configFile('[server:x]\napi-url = http://h/api\nscope = s\n'),
        server: 'x',
      }),
    ).rejects.toThrow("lacks 'token'")
    await expect(readServerConfig({ configFile: await configFile('[server:x]\n') })).rejects.toThrow(
      /no \[General\] default-server/,
    )
  })
})
