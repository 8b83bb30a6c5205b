import { readFile } from 'node:fs/promises'
import { ClientConfigError } from './client-config-error.js'
import { findServerSection } from './client-config.js'
import { writeServerConfig } from './config-writer.js'
import { IniSyntaxError, parseIni, type IniFile } from './ini.js'
import { knownServers, serverFromInput } from './known-servers.js'

/** One server of the configuration file as a setup tool edits it before saving. */
export interface ServerSetup {
  /** The section name: `debian` is `[server:debian]`. */
  name: string
  apiUrl: string
  scope: string
  /** Empty when there is none yet (a tool then enrolls one before saving). */
  token: string
  defaultWorkspace: string | undefined
  /** Whether it is (or becomes) `[General] default-server`. */
  makeDefault: boolean
}

/**
 * The configuration file as a setup tool starts from: empty when missing.
 *
 * @throws {ClientConfigError} when the file cannot be read or parsed (a setup tool must not
 *   overwrite a file it cannot read)
 */
export async function readConfigForSetup(file: string): Promise<IniFile> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map()
    throw new ClientConfigError(`Cannot read ${file}: ${(error as Error).message}`, { file, cause: error })
  }
  try {
    return parseIni(text)
  } catch (error) {
    if (!(error instanceof IniSyntaxError)) throw error
    throw new ClientConfigError(`Cannot parse ${file}: ${error.message}`, {
      file,
      cause: error,
      hint: 'Fix the file by hand: setup does not overwrite a file it cannot read.',
    })
  }
}

/**
 * The setup of a server named or addressed by `input`: its section when configured, else a
 * known server's preset, else `https://NAME/api/` (as the Python `setup`); `scope` overrides
 * the scope. Undefined when `input` is neither a server name nor a URL.
 */
export function serverSetupFor(ini: IniFile, input: string, scope?: string): ServerSetup | undefined {
  const section = findServerSection(ini, input)
  if (section !== undefined) {
    const keys = ini.get(section) ?? new Map<string, string>()
    const name = section.slice('server:'.length)
    return {
      name,
      apiUrl: keys.get('api-url') ?? '',
      scope: scope ?? keys.get('scope') ?? 'debusine',
      token: keys.get('token') ?? '',
      defaultWorkspace: keys.get('default-workspace'),
      makeDefault: ini.get('General')?.get('default-server') === name,
    }
  }
  let preset
  try {
    preset = serverFromInput(input)
  } catch {
    return undefined
  }
  const known = knownServers.some((server) => server.name === preset.name)
  return {
    name: preset.name,
    apiUrl: preset.apiUrl,
    scope: scope ?? preset.scope,
    token: '',
    defaultWorkspace: known ? preset.defaultWorkspace : undefined,
    makeDefault: false,
  }
}

/** The servers a setup tool offers: the configured ones first, then the known ones not configured. */
export function setupServerChoices(ini: IniFile): { name: string; configured: boolean }[] {
  const configured = [...ini.keys()]
    .filter((section) => section.startsWith('server:'))
    .map((section) => section.slice('server:'.length))
  return [
    ...configured.map((name) => ({ name, configured: true })),
    ...knownServers
      .filter((server) => !configured.includes(server.name))
      .map((server) => ({ name: server.name, configured: false })),
  ]
}

/**
 * Save a server's setup into the configuration file (see {@link writeServerConfig}).
 *
 * @throws {ClientConfigError} when the file cannot be read, parsed or written
 */
export async function saveServerSetup(configFile: string, setup: ServerSetup): Promise<void> {
  await writeServerConfig({ configFile, ...setup })
}
