import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ClientConfigError } from './client-config-error.js'
import { knownServers } from './known-servers.js'
import { readConfigForSetup, saveServerSetup, serverSetupFor, setupServerChoices } from './server-setup.js'

const file = (text?: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'debusine-ts-setup-')), 'config.ini')
  if (text !== undefined) writeFileSync(path, text)
  return path
}

const configured =
  '[General]\ndefault-server = mine\n\n[server:mine]\napi-url = https://mine.example/api/\nscope = s\ntoken = t\n'

describe('server setup', () => {
  it('starts from an empty file when there is none, and refuses one it cannot parse', async () => {
    expect((await readConfigForSetup(file())).size).toBe(0)
    const broken = file('not an ini line\n')
    await expect(readConfigForSetup(broken)).rejects.toSatisfy(
      (error) => ClientConfigError.isInstance(error) && /does not overwrite/.test(error.hint ?? ''),
    )
  })

  it('edits a configured server, else a preset, else https://NAME/api/; nothing for other input', async () => {
    const ini = await readConfigForSetup(file(configured))
    expect(serverSetupFor(ini, 'mine')).toEqual({
      name: 'mine',
      apiUrl: 'https://mine.example/api/',
      scope: 's',
      token: 't',
      defaultWorkspace: undefined,
      makeDefault: true,
    })
    expect(serverSetupFor(ini, 'other.example', 'x')).toMatchObject({
      apiUrl: 'https://other.example/api/',
      scope: 'x',
      token: '',
      makeDefault: false,
    })
    expect(serverSetupFor(ini, 'not a name')).toBeUndefined()
  })

  it('offers the configured servers first, then the known ones, and saves a setup', async () => {
    const path = file(configured)
    const ini = await readConfigForSetup(path)
    expect(setupServerChoices(ini)).toEqual([
      { name: 'mine', configured: true },
      ...knownServers.map((server) => ({ name: server.name, configured: false })),
    ])
    await saveServerSetup(path, { ...serverSetupFor(ini, 'mine')!, token: 'new' })
    expect(readFileSync(path, 'utf8')).toMatch(/token = new/)
  })
})
