import { jsonBody, requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { ArtifactRecord } from '../records.js'

const EXPECT_TYPES = new Set(['bare', 'artifact', 'artifact-or-promise', 'collection', 'any', 'a', 'b', 'c'])

/**
 * The artifact a single lookup names, in the fake's only syntax for now: an artifact id
 * (with `expect_type` artifact) or `NNN@artifacts`, of an artifact of `workspace`.
 */
function lookUpArtifact(
  exchange: Exchange,
  lookup: unknown,
  expectType: string,
  workspace: string,
): ArtifactRecord | null {
  let id: number | null = null
  if (typeof lookup === 'number' && ['artifact', 'a', 'artifact-or-promise'].includes(expectType)) id = lookup
  if (typeof lookup === 'string') {
    const match = /^(\d+)@artifacts$/.exec(lookup)
    if (match) id = Number(match[1])
  }
  const artifact = id == null ? undefined : exchange.state.artifacts.get(id)
  return artifact != null && artifact.workspace === workspace ? artifact : null
}

/** A lookup as the server quotes it in its messages (Python's repr). */
function pythonRepr(lookup: unknown): string {
  return typeof lookup === 'string' ? `'${lookup}'` : JSON.stringify(lookup)
}

function resultFor(artifact: ArtifactRecord, scope: string): Record<string, unknown> {
  return {
    result_type: 'artifact',
    collection_item: null,
    parent_collection_lookup: null,
    artifact: artifact.id,
    collection: null,
    collection_info: null,
    links: {
      self: `/api/1.0/artifact/${artifact.id}/`,
      webui_self: `/${scope}/${artifact.workspace}/artifact/${artifact.id}/`,
    },
  }
}

/** The body of a lookup request, checked; null after answering the server's 400. */
function lookupRequest(exchange: Exchange): { lookup: unknown; expectType: string; workspace: string } | null {
  const body = jsonBody(exchange)
  if (body == null) return null
  if (typeof body.expect_type !== 'string' || !EXPECT_TYPES.has(body.expect_type)) {
    sendProblem(exchange.response, 400, 'Error', { expect_type: ['This field is required.'] })
    return null
  }
  const workspace = resolveWorkspace(exchange, body.workspace)
  return workspace == null ? null : { lookup: body.lookup, expectType: body.expect_type, workspace }
}

function lookUpSingle(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const request = lookupRequest(exchange)
  if (request == null) return
  const artifact = lookUpArtifact(exchange, request.lookup, request.expectType, request.workspace)
  if (artifact == null) {
    sendProblem(exchange.response, 404, 'No matches', `${pythonRepr(request.lookup)} does not exist or is hidden`)
    return
  }
  sendJson(exchange.response, 200, resultFor(artifact, exchange.state.scope))
}

function lookUpMultiple(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const request = lookupRequest(exchange)
  if (request == null) return
  if (!Array.isArray(request.lookup)) {
    sendProblem(exchange.response, 400, 'Cannot deserialize lookup', 'The fake resolves lists of single lookups only')
    return
  }
  const found = request.lookup.map((lookup) => lookUpArtifact(exchange, lookup, request.expectType, request.workspace))
  const missing = found.findIndex((artifact) => artifact == null)
  if (missing >= 0) {
    const detail = `${pythonRepr(request.lookup[missing])} does not exist or is hidden`
    sendProblem(exchange.response, 404, 'One of the lookups returned no matches', detail)
    return
  }
  sendJson(
    exchange.response,
    200,
    found.map((artifact) => resultFor(artifact!, exchange.state.scope)),
  )
}

/** Lookups, single and multiple, over the artifacts the fake holds. */
export const lookupRoutes: Route[] = [
  route('POST /api/1.0/lookup/single/', lookUpSingle),
  route('POST /api/1.0/lookup/multiple/', lookUpMultiple),
]
