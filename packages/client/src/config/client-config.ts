import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { ClientConfigError } from './client-config-error.js'
import { checkToken, cleartextPolicy, serverWarnings, type ClientConfigEnvironment } from './config-checks.js'
import { IniSyntaxError, parseIni, type IniFile } from './ini.js'
import { presetWorkspace } from './known-servers.js'

export type { ClientConfigEnvironment } from './config-checks.js'

/** One server of the configuration file, resolved with the command line. */
export interface ConfiguredServer {
  /** The name the server was selected by (the section name, or the FQDN/SCOPE given). */
  readonly name: string
  /** The section it came from, e.g. `server:debian`. */
  readonly section: string
  /** The `/api` URL. */
  readonly apiUrl: string
  /** The `scope` override if given, else the section's. */
  readonly scope: string
  readonly token: string
  /** `default-workspace`, else the known server's preset, else `System`. */
  readonly defaultWorkspace: string
  /** Whether `defaultWorkspace` came from the section (not a preset or `System`). */
  readonly defaultWorkspaceConfigured: boolean
  /** Per-attempt HTTP timeout in milliseconds, from `http-timeout`; undefined when unset or invalid. */
  readonly timeoutMs: number | undefined
  /** `ca-file`: a CA file (PEM) that replaces the trusted roots for this server, relative to the file's directory. */
  readonly caFile: string | undefined
  /** The configuration file read. */
  readonly configFile: string
  /**
   * One line each, to print on every run: the file is readable by group or others; the token
   * goes in clear text (a non-loopback `http:` URL).
   */
  readonly warnings: readonly string[]
}

/** What selects the server: the file, `--server`, `--scope` and the environment. */
export interface ClientConfigSelection {
  /** Default `~/.config/debusine/client/config.ini`. */
  readonly configFile?: string | undefined
  /** A section name (`debian` for `[server:debian]`) or `FQDN/SCOPE`. */
  readonly server?: string | undefined
  /** Overrides the section's `scope`. */
  readonly scope?: string | undefined
  /** For `DEBUSINE_SERVER_NAME`, `DEBUSINE_TS_REQUIRE_HTTPS` and `HOME`; default `process.env`. */
  readonly env?: ClientConfigEnvironment | undefined
}

/** The keys a server section must have. */
export const requiredServerKeys = ['api-url', 'scope', 'token'] as const
/** The keys a server section may have besides the required ones. */
export const optionalServerKeys = ['default-workspace', 'http-timeout', 'ca-file'] as const

/**
 * The default configuration file: `~/.config/debusine/client/config.ini` (`HOME` of `env`
 * when set).
 */
export function defaultConfigFile(env: ClientConfigEnvironment = process.env): string {
  return join(env.HOME ?? homedir(), '.config', 'debusine', 'client', 'config.ini')
}

/**
 * Parse `http-timeout`: `N` seconds, or `CONNECT,READ` seconds (the transport has one
 * per-attempt timeout: their sum), in milliseconds. Undefined when invalid, as the Python
 * client then falls back to its default.
 *
 * @example
 * parseHttpTimeout('5,30') // 35000
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
 * The section a server name selects: `server:NAME`, or for `FQDN/SCOPE` the section whose
 * `api-url` host and `scope` match. Undefined when none does.
 */
export function findServerSection(ini: IniFile, name: string): string | undefined {
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

/**
 * Read and parse a configuration file.
 *
 * @throws {ClientConfigError} when it cannot be read or does not parse
 */
export async function readConfigFile(file: string): Promise<IniFile> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ClientConfigError(`Cannot read ${file} .`, {
      file,
      cause: error,
      hint: "Run 'debusine-ts setup' (or 'debusine setup') to create it, or pass --config-file.",
    })
  }
  try {
    return parseIni(text)
  } catch (error) {
    if (!(error instanceof IniSyntaxError)) throw error
    throw new ClientConfigError(`Cannot parse ${file}: ${error.message}`, { file, cause: error })
  }
}

/**
 * Resolve the server to use from the Python client's configuration file (docs/protocol.md §11):
 * server `server` > `$DEBUSINE_SERVER_NAME` > `[General] default-server` (an empty value
 * counts as unset); scope `scope` > the section's; default workspace `default-workspace` >
 * the known server's preset > `System`.
 *
 * @example
 * const server = await readClientConfig({ server: 'debian', env: process.env })
 * const client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace: server.defaultWorkspace })
 * @throws {ClientConfigError} for a missing or unreadable file, no default server, an
 *   unknown server, a section missing `api-url`, `scope` or `token`, an unknown key, a
 *   malformed token, or a clear-text token when `[General] require-https` or
 *   `DEBUSINE_TS_REQUIRE_HTTPS` asks to refuse it
 */
export async function readClientConfig(selection: ClientConfigSelection = {}): Promise<ConfiguredServer> {
  const env = selection.env ?? process.env
  const file = selection.configFile ?? defaultConfigFile(env)
  const ini = await readConfigFile(file)
  let name = [selection.server, env.DEBUSINE_SERVER_NAME].find(
    (candidate) => candidate !== undefined && candidate !== '',
  )
  if (name === undefined) {
    const general = ini.get('General')
    const hint = 'Add it, or name the server with --server or DEBUSINE_SERVER_NAME.'
    if (general === undefined) {
      throw new ClientConfigError(
        `[General] section and default-server key must exist in ${file} to use the default server.`,
        { file, section: 'General', key: 'default-server', hint },
      )
    }
    name = general.get('default-server')
    if (name === undefined || name === '') {
      throw new ClientConfigError(`default-server key must exist in [General] in ${file} .`, {
        file,
        section: 'General',
        key: 'default-server',
        hint,
      })
    }
  }
  const section = findServerSection(ini, name)
  if (section === undefined) {
    throw new ClientConfigError(`No Debusine client configuration for '${name}' in ${file} .`, {
      file,
      hint: `Run 'debusine-ts setup' to configure it, or check the [server:…] sections of ${file}.`,
    })
  }
  const keys = ini.get(section)!
  const missing = requiredServerKeys.filter((key) => !keys.has(key)).sort()
  if (missing.length > 0) {
    throw new ClientConfigError(
      `Missing required keys in the section [${section}]: ${missing.join(', ')} in ${file} .`,
      { file, section, key: missing[0] },
    )
  }
  const known: readonly string[] = [...requiredServerKeys, ...optionalServerKeys]
  const extra = [...keys.keys()].filter((key) => !known.includes(key)).sort()
  if (extra.length > 0) {
    throw new ClientConfigError(
      `Invalid keys in the section [${section}]: ${extra.join(', ')} in ${file} .`,
      {
        file,
        section,
        key: extra[0],
        hint: `Allowed keys: ${known.join(', ')}.`,
      },
    )
  }
  const rawTimeout = keys.get('http-timeout')
  const caFile = keys.get('ca-file')
  const configuredWorkspace = keys.get('default-workspace')
  const sectionName = section.slice('server:'.length)
  const apiUrl = keys.get('api-url')!
  checkToken(keys.get('token')!, file, section)
  const warnings = await serverWarnings(file, section, apiUrl, cleartextPolicy(env, ini))
  return {
    name,
    section,
    apiUrl,
    scope: selection.scope ?? keys.get('scope')!,
    token: keys.get('token')!,
    defaultWorkspace:
      configuredWorkspace === undefined || configuredWorkspace === ''
        ? presetWorkspace(sectionName)
        : configuredWorkspace,
    defaultWorkspaceConfigured: configuredWorkspace !== undefined && configuredWorkspace !== '',
    timeoutMs: rawTimeout === undefined || rawTimeout === '' ? undefined : parseHttpTimeout(rawTimeout),
    caFile: caFile === undefined || caFile === '' ? undefined : resolve(dirname(file), caFile),
    configFile: file,
    warnings,
  }
}
