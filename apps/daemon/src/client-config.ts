import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from './config-error.js'
import { parseIni } from './ini.js'

/** One server of the Python client's configuration file. */
export interface ServerConfig {
  /** The section's name after `server:`. */
  name: string
  apiUrl: string
  scope: string
  token: string
  defaultWorkspace: string | undefined
}

/** Where to read the configuration and which server to take. */
export interface ConfigSelection {
  /** Default `~/.config/debusine/client/config.ini`. */
  configFile?: string | undefined
  /** `--server`: a section name, or `FQDN/SCOPE`. */
  server?: string | undefined
  /** The environment, for `DEBUSINE_SERVER_NAME`. */
  env?: Readonly<Record<string, string | undefined>>
}

const requiredKeys = ['api-url', 'scope', 'token'] as const
const knownKeys = new Set<string>([...requiredKeys, 'default-workspace', 'http-timeout'])

/** The default path of the Python client's configuration file. */
export function defaultConfigFile(): string {
  return join(homedir(), '.config', 'debusine', 'client', 'config.ini')
}

/**
 * Read the server to use from the Python client's configuration file (PROTOCOL §13):
 * `--server` > `DEBUSINE_SERVER_NAME` > `[General] default-server`; a value with a `/` is
 * `FQDN/SCOPE`, matched against each section's `api-url` host and `scope`.
 *
 * @throws {ConfigError} when the file cannot be read or the server is missing or invalid
 */
export async function readServerConfig(selection: ConfigSelection = {}): Promise<ServerConfig> {
  const file = selection.configFile ?? defaultConfigFile()
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}. Run 'debusine setup' first.`)
  }
  let sections
  try {
    sections = parseIni(text)
  } catch (error) {
    throw new ConfigError(`Cannot parse ${file}: ${(error as Error).message}`)
  }
  // An empty value counts as unset, as an empty environment variable does for the Python client.
  const wanted = [
    selection.server,
    selection.env?.DEBUSINE_SERVER_NAME,
    sections.get('General')?.get('default-server'),
  ].find((candidate) => candidate !== undefined && candidate !== '')
  if (wanted === undefined) {
    throw new ConfigError(`${file} has no [General] default-server; pass --server NAME`)
  }
  let name: string | undefined
  if (wanted.includes('/')) {
    const [fqdn, scope] = wanted.split('/', 2)
    for (const [section, values] of sections) {
      if (!section.startsWith('server:')) continue
      let host: string | undefined
      try {
        host = new URL(values.get('api-url') ?? '').hostname
      } catch {
        host = undefined
      }
      if (host === fqdn && values.get('scope') === scope) name = section.slice('server:'.length)
    }
  } else if (sections.has(`server:${wanted}`)) {
    name = wanted
  }
  const values = name === undefined ? undefined : sections.get(`server:${name}`)
  if (name === undefined || values === undefined) {
    throw new ConfigError(`No Debusine client configuration for '${wanted}' in ${file}; run 'debusine setup'`)
  }
  for (const key of values.keys()) {
    if (!knownKeys.has(key)) throw new ConfigError(`[server:${name}] in ${file} has an unknown key '${key}'`)
  }
  for (const key of requiredKeys) {
    if (!values.get(key)) throw new ConfigError(`[server:${name}] in ${file} lacks '${key}'`)
  }
  return {
    name,
    apiUrl: values.get('api-url') ?? '',
    scope: values.get('scope') ?? '',
    token: values.get('token') ?? '',
    defaultWorkspace: values.get('default-workspace') || undefined,
  }
}
