import { readFile } from 'node:fs/promises'
import { writeFileAtomically } from '../atomic-write.js'
import { ClientConfigError } from './client-config-error.js'
import { IniSyntaxError, parseIni, updateIniSection } from './ini.js'

/** One server section to write with {@link writeServerConfig}. */
export interface ServerConfigUpdate {
  /** The configuration file; created (with its directory) when missing. */
  readonly configFile: string
  /** The section name: `debian` writes `[server:debian]`. */
  readonly name: string
  readonly apiUrl: string
  readonly scope: string
  readonly token: string
  /** Written as `default-workspace`; removed from the section when undefined. */
  readonly defaultWorkspace?: string | undefined
  /**
   * Make it `[General] default-server`. When false (the default) it still becomes the
   * default server if the file names none, as the Python `setup` does.
   */
  readonly makeDefault?: boolean | undefined
}

async function readExisting(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw new ClientConfigError(`Cannot read ${file} .`, { file, cause: error })
  }
}

/**
 * Write one server section (`api-url`, `scope`, `token`, `default-workspace`) of the
 * Python client's configuration file, keeping the rest of the file (other sections,
 * comments, other keys such as `http-timeout`). The file is replaced atomically (written
 * to a temporary file, mode 600, then renamed), so a reader never sees half a file and the
 * token is never readable by others.
 *
 * @example
 * await writeServerConfig({ configFile, name: 'debian', apiUrl: 'https://debusine.debian.net/api/', scope: 'debian', token, defaultWorkspace: 'developers' })
 * @throws {ClientConfigError} when the existing file cannot be read or parsed, or the
 *   new one cannot be written
 */
export async function writeServerConfig(update: ServerConfigUpdate): Promise<void> {
  const file = update.configFile
  let text = await readExisting(file)
  let general: Map<string, string> | undefined
  try {
    general = parseIni(text).get('General')
  } catch (error) {
    if (!(error instanceof IniSyntaxError)) throw error
    throw new ClientConfigError(`Cannot parse ${file}: ${error.message}`, { file, cause: error })
  }
  text = updateIniSection(text, `server:${update.name}`, {
    'api-url': update.apiUrl,
    scope: update.scope,
    token: update.token,
    'default-workspace': update.defaultWorkspace,
  })
  const defaultServer = general?.get('default-server')
  if (update.makeDefault === true || defaultServer === undefined || defaultServer === '') {
    text = updateIniSection(text, 'General', { 'default-server': update.name })
  }
  try {
    await writeFileAtomically(file, text, { mode: 0o600 })
  } catch (error) {
    throw new ClientConfigError(`Cannot write ${file}: ${(error as Error).message}`, {
      file,
      section: `server:${update.name}`,
      cause: error,
    })
  }
}
