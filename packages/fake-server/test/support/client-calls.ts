/**
 * Every request the client suite can send, read from its sources: each
 * `transport.request|stream|list(…)` call, as `METHOD /path/{}/`. A call whose URL is not
 * written in the call (a variable, a URL from an answer) must be named in
 * `VARIABLE_URL_CALLS` with the endpoints it reaches, so a new call cannot slip past.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

/** The packages whose code sends requests to the server. */
const SENDERS = ['packages/client/src', 'packages/enroll/src', 'packages/events/src']

/** The calls whose URL is computed, by `file: expression`, and the endpoints each can reach. */
export const VARIABLE_URL_CALLS: Readonly<Record<string, readonly string[]>> = {
  'artifacts-core.ts: url': ['GET /api/1.0/artifact/{id}/', 'GET /api/1.0/artifact/{workspace}/{id}/'],
  'upload-file.ts: this.#url': ['PUT /api/1.0/artifact/{id}/files/{path}/'],
  'download.ts: fileUrl(file': ['GET /{scope}/{workspace}/artifact/{id}/download/{path}'],
  'download.ts: artifact.download_tar_gz_url': ['GET /{scope}/{workspace}/artifact/{id}/download/'],
  'download-transfer.ts: source.url': [
    'GET /{scope}/{workspace}/artifact/{id}/download/{path}',
    'GET /{scope}/{workspace}/artifact/{id}/download/',
  ],
  'items.ts: itemPath': ['DELETE /api/1.0/collection/{workspace}/{category}/{name}/item/{item}/'],
  'enroll.ts: url': ['POST /api/enroll/'],
}

/** Paths whose parameter is one of a few words, by the path the scan reads: the paths it stands for. */
const EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  // `#action` of work-requests.ts: `action: 'abort' | 'retry' | 'unblock' | 'confirm'`.
  'POST /api/1.0/work-request/{}/{}/': ['abort', 'retry', 'unblock', 'confirm'].map(
    (action) => `POST /api/1.0/work-request/{}/${action}/`,
  ),
}

/** Requests made other than through those three methods, each with the source text that makes it. */
export const OTHER_CALLS: readonly { endpoint: string; file: string; text: string }[] = [
  // The capabilities read the server's version from its login page.
  {
    endpoint: 'GET /-/login/',
    file: 'packages/transport/src/transport.ts',
    text: "this.#readWebPage('/-/login/'",
  },
  {
    endpoint: 'WS /api/ws/1.0/work-request/on-completed/',
    file: 'packages/events/src/channel-url.ts',
    text: "COMPLETION_CHANNEL_PATH = '/work-request/on-completed/'",
  },
]

function* sources(directory: string): Generator<string> {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) yield* sources(path)
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) yield path
  }
}

const CALL = /transport\.(request|stream|list)\(\s*(?:'([A-Z]+)'\s*,\s*)?([^\n]*?)(?:,\s|\)\s*$|,$)/gm

/** `'/work-request/'` or ``path`/work-request/${id}/` `` as `/api/1.0/work-request/{}/`; null for anything else. */
function literalPath(expression: string): string | null {
  const literal = /^(?:'([^']*)'|(?:api)?[pP]ath`([^`]*)`)$/.exec(expression.trim())
  if (literal == null) return null
  return `/api/1.0${(literal[1] ?? literal[2] ?? '').replace(/\$\{[^}]*\}/g, '{}')}`
}

/** What the scan found: the endpoints, and the variable-URL call sites (as `file: expression`). */
export interface ClientCalls {
  endpoints: Set<string>
  variableSites: Set<string>
}

/** Scan the senders' sources for the requests they can send. */
export function clientCalls(): ClientCalls {
  const endpoints = new Set<string>()
  const variableSites = new Set<string>()
  for (const directory of SENDERS) {
    for (const file of sources(join(root, directory))) {
      // Doc comments show calls too: only code counts.
      const code = readFileSync(file, 'utf8').replace(/^\s*(\*|\/\/).*$/gm, '')
      for (const match of code.matchAll(CALL)) {
        const method = match[1] === 'list' ? 'GET' : (match[2] ?? 'GET')
        const path = literalPath(match[3] ?? '')
        if (path != null) {
          const endpoint = `${method} ${path}`
          for (const expanded of EXPANSIONS[endpoint] ?? [endpoint]) endpoints.add(expanded)
          continue
        }
        const site = `${basename(file)}: ${(match[3] ?? '').trim()}`
        variableSites.add(site)
        for (const endpoint of VARIABLE_URL_CALLS[site] ?? [])
          endpoints.add(endpoint.replace(/\{[^}]*\}/g, '{}'))
      }
    }
  }
  for (const other of OTHER_CALLS) {
    if (readFileSync(join(root, other.file), 'utf8').includes(other.text)) endpoints.add(other.endpoint)
    else variableSites.add(`${other.file}: no longer has ${other.text}`)
  }
  return { endpoints, variableSites }
}
