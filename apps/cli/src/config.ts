import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { CliError } from './cli-error.js'
import { parseIni, type IniFile } from './ini.js'

/** A server known without configuration (the Python client's presets). */
export interface KnownServer {
  readonly name: string
  readonly apiUrl: string
  readonly scope: string
  readonly defaultWorkspace: string
}

/** The presets of the Python client, used by `setup` and for default workspaces. */
export const knownServers: readonly KnownServer[] = [
  {
    name: 'debian',
    apiUrl: 'https://debusine.debian.net/api/',
    scope: 'debian',
    defaultWorkspace: 'developers',
  },
  {
    name: 'freexian',
    apiUrl: 'https://debusine.freexian.com/api/',
    scope: 'freexian',
    defaultWorkspace: 'sandbox',
  },
  {
    name: 'localhost',
    apiUrl: 'http://localhost:8000/api/',
    scope: 'debusine',
    defaultWorkspace: 'Playground',
  },
]

/** The settings of one server, as resolved from the config file and the command line. */
export interface ServerSettings {
  /** The name the server was selected by (section name, or the FQDN/SCOPE given). */
  readonly name: string
  /** The section it came from, e.g. `server:debian`. */
  readonly section: string
  readonly apiUrl: string
  /** `--scope` if given, else the section's. */
  readonly scope: string
  readonly token: string
  /** `default-workspace`, else the preset's, else `System`. */
  readonly defaultWorkspace: string
  /** Per-attempt HTTP timeout in milliseconds, from `http-timeout`. */
  readonly timeoutMs: number | undefined
  /** The config file read. */
  readonly configFile: string
}

/** What selects the server: the global options and the environment. */
export interface ServerSelection {
  /** `--server`. */
  readonly server?: string | undefined
  /** `--scope`. */
  readonly scope?: string | undefined
  /** `--config-file`. */
  readonly configFile?: string | undefined
  /** The environment (for `DEBUSINE_SERVER_NAME` and `HOME`). */
  readonly env: Readonly<Record<string, string | undefined>>
}

const requiredKeys = ['api-url', 'scope', 'token'] as const
const optionalKeys = ['default-workspace', 'http-timeout'] as const

/** The default config file path: `~/.config/debusine/client/config.ini`. */
export function defaultConfigFile(env: Readonly<Record<string, string | undefined>>): string {
  return join(env.HOME ?? homedir(), '.config', 'debusine', 'client', 'config.ini')
}

/**
 * Parse `http-timeout`: `N` seconds, or `CONNECT,READ` seconds (our transport has one
 * per-attempt timeout: their sum). Undefined when invalid, as the Python client falls
 * back to its default with a warning.
 */
export function parseHttpTimeout(text: string): number | undefined {
  const parts = text.split(',').map((part) => part.trim())
  if (parts.length > 2 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return undefined
  return parts.reduce((sum, part) => sum + Number(part), 0) * 1000
}

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}

/**
 * Pick the server section: by name (`server:NAME`) or, for `FQDN/SCOPE`, the section
 * whose `api-url` host and `scope` match.
 */
function findSection(ini: IniFile, name: string): string | undefined {
  if (name.includes('/')) {
    const [fqdn, scope] = name.split('/', 2) as [string, string]
    for (const [section, keys] of ini) {
      if (!section.startsWith('server:')) continue
      const apiUrl = keys.get('api-url')
      if (apiUrl !== undefined && hostnameOf(apiUrl) === fqdn && keys.get('scope') === scope) return section
    }
    return undefined
  }
  const section = `server:${name}`
  return ini.has(section) ? section : undefined
}

/** Read and parse the config file. @throws {CliError} when it cannot be read or parsed */
export async function readConfigFile(path: string): Promise<IniFile> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    throw new CliError(`Cannot read ${path} .`, {
      hint: "Run 'debusine-ts setup' (or 'debusine setup') to create it, or pass --config-file.",
    })
  }
  try {
    return parseIni(text, path)
  } catch (error) {
    throw new CliError(`Cannot parse ${path}: ${(error as Error).message}`)
  }
}

/**
 * Resolve the server settings from the config file (PROTOCOL §13): server `--server` >
 * `$DEBUSINE_SERVER_NAME` > `[General] default-server`; scope `--scope` > the section's.
 *
 * @throws {CliError} (exit 3) for a missing or unreadable file, no default server, an
 *   unknown server, a section missing `api-url`, `scope` or `token`, or an unknown key
 */
export async function resolveServer(selection: ServerSelection): Promise<ServerSettings> {
  const configFile = selection.configFile ?? defaultConfigFile(selection.env)
  const ini = await readConfigFile(configFile)
  let name = selection.server ?? selection.env.DEBUSINE_SERVER_NAME
  if (name === undefined || name === '') {
    const general = ini.get('General')
    if (general === undefined) {
      throw new CliError(
        `[General] section and default-server key must exist in ${configFile} to use the default server.`,
        { hint: 'Add them, or name the server with --server or DEBUSINE_SERVER_NAME.' },
      )
    }
    name = general.get('default-server')
    if (name === undefined) {
      throw new CliError(`default-server key must exist in [General] in ${configFile} .`, {
        hint: 'Add it, or name the server with --server or DEBUSINE_SERVER_NAME.',
      })
    }
  }
  const section = findSection(ini, name)
  if (section === undefined) {
    throw new CliError(`No Debusine client configuration for '${name}'.`, {
      hint: `Run 'debusine-ts setup' to configure it, or check the [server:…] sections of ${configFile}.`,
    })
  }
  const keys = ini.get(section)!
  const missing = requiredKeys.filter((key) => !keys.has(key)).sort()
  if (missing.length > 0) {
    throw new CliError(
      `Missing required keys in the section [${section}]: ${missing.join(', ')} in ${configFile} .`,
    )
  }
  const known: readonly string[] = [...requiredKeys, ...optionalKeys]
  const extra = [...keys.keys()].filter((key) => !known.includes(key)).sort()
  if (extra.length > 0) {
    throw new CliError(`Invalid keys in the section [${section}]: ${extra.join(', ')} in ${configFile} .`, {
      hint: `Allowed keys: ${known.join(', ')}.`,
    })
  }
  const rawTimeout = keys.get('http-timeout')
  const preset = knownServers.find((server) => server.name === name)
  return {
    name,
    section,
    apiUrl: keys.get('api-url')!,
    scope: selection.scope ?? keys.get('scope')!,
    token: keys.get('token')!,
    defaultWorkspace: keys.get('default-workspace') ?? preset?.defaultWorkspace ?? 'System',
    timeoutMs: rawTimeout === undefined || rawTimeout === '' ? undefined : parseHttpTimeout(rawTimeout),
    configFile,
  }
}
