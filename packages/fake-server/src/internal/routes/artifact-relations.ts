import { asText, jsonBody, requireUser, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { RelationRecord } from '../records.js'

const RELATION_TYPES = new Set(['extends', 'relates-to', 'built-using'])

function relationJson(relation: RelationRecord): Record<string, unknown> {
  return { id: relation.id, artifact: relation.artifact, target: relation.target, type: relation.type }
}

/** What is wrong with a relation's fields, as DRF lists it; null when nothing is. */
function invalidFields(exchange: Exchange, body: Record<string, unknown>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {}
  for (const field of ['artifact', 'target']) {
    const id = body[field]
    if (id === undefined) errors[field] = ['This field is required.']
    else if (typeof id !== 'number' || !exchange.state.artifacts.has(id)) {
      errors[field] = [`Invalid pk "${asText(id)}" - object does not exist.`]
    }
  }
  if (body.type === undefined) errors.type = ['This field is required.']
  else if (typeof body.type !== 'string' || !RELATION_TYPES.has(body.type)) {
    errors.type = [`"${asText(body.type)}" is not a valid choice.`]
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** Create a relation: 201, or 200 with the one already there. */
function createRelation(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const invalid = invalidFields(exchange, body)
  if (invalid != null) {
    sendProblem(exchange.response, 400, 'Cannot deserialize artifact relation', undefined, invalid)
    return
  }
  const [artifact, target, type] = [body.artifact as number, body.target as number, String(body.type)]
  for (const [role, id] of [['source', artifact], ['target', target]] as const) {
    const files = exchange.state.artifacts.get(id)!.files.values()
    if ([...files].some((file) => !file.complete)) {
      sendProblem(exchange.response, 400, `Cannot create relation: ${role} artifact ${id} is incomplete`)
      return
    }
  }
  const relations = exchange.state.relations
  const existing = [...relations.values()].find(
    (relation) => relation.artifact === artifact && relation.target === target && relation.type === type,
  )
  if (existing != null) {
    sendJson(exchange.response, 200, relationJson(existing))
    return
  }
  const relation = { id: exchange.state.nextRelationId++, artifact, target, type }
  relations.set(relation.id, relation)
  sendJson(exchange.response, 201, relationJson(relation))
}

/** List the relations from `?artifact=ID` or to `?target_artifact=ID`: a plain array. */
function listRelations(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const query = exchange.url.searchParams
  const [key, text] = query.has('artifact') ? ['artifact', query.get('artifact')] : ['target', query.get('target_artifact')]
  if (text == null) {
    sendProblem(exchange.response, 400, '"artifact" or "target_artifact" parameter are mandatory')
    return
  }
  if (!/^\d+$/.test(text)) {
    sendProblem(exchange.response, 400, 'Error')
    return
  }
  const id = Number(text)
  if (!exchange.state.artifacts.has(id)) {
    sendProblem(exchange.response, 404, `Artifact ${id} not found`)
    return
  }
  const found = [...exchange.state.relations.values()].filter((relation) => relation[key as 'artifact' | 'target'] === id)
  sendJson(exchange.response, 200, found.map(relationJson))
}

/** Relations between artifacts: create (idempotent) and list from or to an artifact. */
export const artifactRelationRoutes: Route[] = [
  route('POST /api/1.0/artifact-relation/', createRelation),
  route('GET /api/1.0/artifact-relation/', listRelations),
]
