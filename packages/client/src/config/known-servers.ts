/** A server the Python client knows without configuration (its `setup` presets). */
export interface KnownServer {
  /** The section name, e.g. `debian` for `[server:debian]`. */
  readonly name: string
  /** The `/api` URL. */
  readonly apiUrl: string
  readonly scope: string
  /** The workspace used when the section has no `default-workspace`. */
  readonly defaultWorkspace: string
}

/** The Python client's presets (docs/protocol.md §11), used by `setup` and for default workspaces. */
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

/** The workspace used when none is configured: the known server's preset, else `System`. */
export function presetWorkspace(serverName: string): string {
  return knownServers.find((server) => server.name === serverName)?.defaultWorkspace ?? 'System'
}

/**
 * The server a name or URL typed into `setup` stands for: a known server's preset, else
 * `https://NAME/api/` (the scheme defaults to https; `api/` is appended when the path has
 * no `/api`), scope `debusine`, named after the host.
 *
 * @example
 * serverFromInput('debusine.example.org') // { name: 'debusine.example.org', apiUrl: 'https://debusine.example.org/api/', scope: 'debusine', … }
 */
export function serverFromInput(input: string): KnownServer {
  const trimmed = input.trim()
  const known = knownServers.find((server) => server.name === trimmed)
  if (known !== undefined) return known
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  const url = new URL(withScheme)
  if (!/\/api\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/$/, '')}/api/`
  return {
    name: url.hostname,
    apiUrl: url.toString(),
    scope: 'debusine',
    defaultWorkspace: presetWorkspace(url.hostname),
  }
}

/**
 * The Python `setup`'s warnings about an `api-url`: `http` only for `localhost`, else
 * `https`; the path should end in `/api` or `/api/`.
 *
 * @example
 * lintApiUrl('http://debusine.example.org/') // two warnings
 */
export function lintApiUrl(apiUrl: string): string[] {
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    return [`${apiUrl} is not a URL`]
  }
  const warnings: string[] = []
  const local = url.hostname === 'localhost'
  if (local && url.protocol !== 'http:') warnings.push(`${apiUrl}: localhost is usually reached with http`)
  if (!local && url.protocol !== 'https:')
    warnings.push(`${apiUrl}: use https for a server other than localhost`)
  if (!/\/api\/?$/.test(url.pathname)) warnings.push(`${apiUrl}: the URL should end in /api or /api/`)
  return warnings
}
