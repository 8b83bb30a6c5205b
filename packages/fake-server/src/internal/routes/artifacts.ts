import { ArtifactCategory } from '@debusine-ts/models'
import { jsonBody, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import { artifactJson } from '../render/artifact-json.js'
import type { ArtifactRecord, StoredFile } from '../records.js'

const KNOWN_CATEGORIES = new Set<string>(Object.values(ArtifactCategory))

/** The files of a create request, or a list of what is wrong with them. */
function readFiles(files: unknown): Map<string, StoredFile> | string[] {
  if (typeof files !== 'object' || files == null || Array.isArray(files)) return ['This field is required.']
  const stored = new Map<string, StoredFile>()
  for (const [path, value] of Object.entries(files as Record<string, unknown>)) {
    const file = value as { size?: unknown; checksums?: { sha256?: unknown }; content_type?: unknown }
    const sha256 = file.checksums?.sha256
    if (typeof file.size !== 'number' || typeof sha256 !== 'string')
      return [`${path}: size and checksums.sha256 are required.`]
    if (path.includes(' ')) return ['Enter a valid URL.']
    stored.set(path, {
      size: file.size,
      sha256,
      contentType: typeof file.content_type === 'string' ? file.content_type : 'application/octet-stream',
      bytes: Buffer.alloc(0),
      complete: file.size === 0,
    })
  }
  return stored
}

/** The same content, already complete in another artifact of `workspace`: no upload needed. */
function dedupe(exchange: Exchange, workspace: string, files: Map<string, StoredFile>): void {
  for (const file of files.values()) {
    for (const artifact of exchange.state.artifacts.values()) {
      if (artifact.workspace !== workspace) continue
      const same = [...artifact.files.values()].find(
        (held) => held.complete && held.sha256 === file.sha256 && held.size === file.size,
      )
      if (same) Object.assign(file, { bytes: same.bytes, complete: true })
    }
  }
}

function createArtifact(exchange: Exchange): void {
  const body = jsonBody(exchange)
  if (body == null) return
  const workspace = resolveWorkspace(exchange, body.workspace)
  if (workspace == null) return
  if (exchange.user == null) {
    sendProblem(
      exchange.response,
      403,
      `AnonymousUser cannot create artifacts in ${exchange.state.scope}/${workspace}`,
    )
    return
  }
  const category = body.category
  if (typeof category !== 'string' || !KNOWN_CATEGORIES.has(category)) {
    sendProblem(exchange.response, 400, 'Error', `${String(category)}: invalid artifact category`)
    return
  }
  const files = readFiles(body.files)
  if (Array.isArray(files)) {
    sendProblem(exchange.response, 400, 'Cannot deserialize artifact', undefined, { files })
    return
  }
  dedupe(exchange, workspace, files)
  const state = exchange.state
  const artifact: ArtifactRecord = {
    id: state.nextArtifactId++,
    workspace,
    category,
    data: (body.data ?? {}) as Record<string, unknown>,
    createdAt: state.clock.now(),
    expireAt: null,
    files,
  }
  state.artifacts.set(artifact.id, artifact)
  sendJson(exchange.response, 201, artifactJson(state.scope, exchange.origin, artifact))
}

/** The artifact a request names by id, or null after answering the server's 404. */
export function findArtifact(exchange: Exchange, id: string | undefined): ArtifactRecord | null {
  const artifact = exchange.state.artifacts.get(Number(id))
  if (
    artifact == null ||
    !/^\d+$/.test(id ?? '') ||
    !exchange.state.canSee(exchange.user, artifact.workspace)
  ) {
    sendProblem(exchange.response, 404, 'No Artifact matches the given query.')
    return null
  }
  return artifact
}

function showArtifact(exchange: Exchange): void {
  const artifact = findArtifact(exchange, exchange.params[0])
  if (artifact == null) return
  sendJson(exchange.response, 200, artifactJson(exchange.state.scope, exchange.origin, artifact))
}

/**
 * `GET /artifact/{workspace}/{id}/` (0.14.3 and later): an unknown workspace answers the
 * server's 404 "Workspace not found"; an artifact of another workspace is not found (the
 * fake's workspaces inherit from none).
 */
function showArtifactInWorkspace(exchange: Exchange): void {
  const [workspace, id] = exchange.params
  if (resolveWorkspace(exchange, workspace) == null) return
  const artifact = findArtifact(exchange, id)
  if (artifact == null) return
  if (artifact.workspace !== workspace) {
    sendProblem(exchange.response, 404, 'No Artifact matches the given query.')
    return
  }
  sendJson(exchange.response, 200, artifactJson(exchange.state.scope, exchange.origin, artifact))
}

/** Create and show artifacts. */
export const artifactRoutes: Route[] = [
  route('POST /api/1.0/artifact/', createArtifact),
  route('GET /api/1.0/artifact/{id}/', showArtifact),
  route('GET /api/1.0/artifact/{workspace}/{id}/', showArtifactInWorkspace),
]
