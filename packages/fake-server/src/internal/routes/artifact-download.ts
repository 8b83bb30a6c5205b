import type { Exchange } from '../http/exchange.js'
import { sendNotFoundPage, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import { parseByteRange } from '../byte-range.js'
import type { ArtifactRecord, StoredFile } from '../records.js'
import { parseServerTime } from '../server-clock.js'
import { tarGz } from '../tar-gz.js'

const SERVED_TEXT = new Set(['text/plain', 'text/markdown', 'application/json', 'application/pgp-signature', 'text/pgp'])
const SERVED_BINARY = new Set([
  'application/gzip',
  'application/octet-stream',
  'application/vnd.debian.binary-package',
  'application/x-bzip2',
  'application/x-tar',
  'application/x-xz',
  'application/zstd',
])

/** The media type the server serves a file as: only a safe subset passes as declared. */
function servedContentType(declared: string): string {
  const base = declared.split(';')[0]!.trim().toLowerCase()
  if (SERVED_TEXT.has(base) || SERVED_BINARY.has(base)) return declared
  return base.startsWith('text/') ? 'text/plain' : 'application/octet-stream'
}

/** The artifact of a download URL (`/{scope}/{workspace}/artifact/{id}/download/…`), or null after a 404. */
function downloadedArtifact(exchange: Exchange): ArtifactRecord | null {
  const [scope, workspace, id] = exchange.params
  const artifact = exchange.state.artifacts.get(Number(id))
  const visible = artifact != null && artifact.workspace === workspace && exchange.state.canSee(exchange.user, workspace)
  if (scope !== exchange.state.scope || artifact == null || !visible) {
    sendNotFoundPage(exchange.response)
    return null
  }
  return artifact
}

function sendFile(exchange: Exchange, path: string, file: StoredFile): void {
  const { response } = exchange
  if (!file.complete) {
    sendProblem(response, 404, 'Cannot download incomplete file')
    return
  }
  const range = parseByteRange(exchange.request.headers.range, file.size)
  if (range == null) {
    sendProblem(response, 400, `Invalid Content-Range start: ${/\d+/.exec(exchange.request.headers.range ?? '')?.[0] ?? ''}. File size: ${file.size}`)
    return
  }
  const { start, end } = range === 'whole' ? { start: 0, end: file.size - 1 } : range
  const headers: Record<string, string> = {
    'Content-Type': servedContentType(file.contentType),
    'Content-Length': String(end - start + 1),
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `attachment; filename="${path.split('/').at(-1)!}"`,
    Vary: 'Cookie, Token',
  }
  if (file.size > 0) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`
  response.writeHead(range === 'whole' ? 200 : 206, headers)
  response.end(file.bytes.subarray(start, end + 1))
}

function sendTarball(exchange: Exchange, artifact: ArtifactRecord): void {
  const members = [...artifact.files.entries()]
    .filter(([, file]) => file.complete)
    .map(([name, file]) => ({ name, bytes: file.bytes }))
  const createdMicros = parseServerTime(artifact.createdAt)!
  exchange.response.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="artifact-${artifact.id}.tar.gz"`,
    'Last-Modified': new Date(createdMicros / 1000).toUTCString(),
    Vary: 'Cookie, Token',
  })
  exchange.response.end(tarGz(members, Math.floor(createdMicros / 1_000_000)))
}

function downloadArtifact(exchange: Exchange): void {
  const artifact = downloadedArtifact(exchange)
  if (artifact == null) return
  const archive = exchange.url.searchParams.get('archive')
  if (archive != null && archive !== 'tar.gz') {
    sendNotFoundPage(exchange.response)
    return
  }
  const only = artifact.files.size === 1 ? [...artifact.files.entries()][0] : undefined
  if (archive == null && only != null) sendFile(exchange, only[0], only[1])
  else sendTarball(exchange, artifact)
}

function downloadFile(exchange: Exchange): void {
  const artifact = downloadedArtifact(exchange)
  if (artifact == null) return
  const path = exchange.params[3] ?? ''
  const file = artifact.files.get(path)
  if (file == null) sendNotFoundPage(exchange.response, `Artifact ${artifact.id} does not have any file or directory for "${path}"`)
  else sendFile(exchange, path, file)
}

/** Downloads: one file (with `Range`) or the whole artifact as a `.tar.gz`. */
export const artifactDownloadRoutes: Route[] = [
  route('GET /{scope}/{workspace}/artifact/{id}/download/', downloadArtifact),
  route('GET /{scope}/{workspace}/artifact/{id}/download/{path+}', downloadFile),
]
