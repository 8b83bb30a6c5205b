import { requireUser, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { WorkRequestRecord } from '../records.js'
import { workRequestJson } from '../render/work-request-json.js'

/** The server's page size; no query parameter changes it. */
const PAGE_SIZE = 10
const STATUSES = new Set(['pending', 'running', 'completed', 'aborted', 'blocked'])

/** Where a cursor points: the ids older (or, `reverse`, newer) than `position`. */
interface Cursor {
  position: number
  reverse: boolean
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.reverse ? 'r=1&' : ''}p=${cursor.position}`).toString('base64url')
}

function decodeCursor(text: string | null): Cursor | null | 'invalid' {
  if (text == null) return null
  const match = /^(r=1&)?p=(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match ? { position: Number(match[2]), reverse: match[1] != null } : 'invalid'
}

/** The filters of the query, or an error message for an invalid one. */
function filterFor(query: URLSearchParams): ((request: WorkRequestRecord) => boolean) | string {
  const status = query.get('status')
  if (status != null && !STATUSES.has(status)) return 'Invalid work request status'
  const taskType = query.get('task_type')
  const ids = query.get('ids')?.split(',').map(Number)
  const rootOnly = query.get('root_only') === 'true'
  return (request) =>
    (status == null || request.status === status) &&
    (!rootOnly || request.parent == null) &&
    (taskType == null || request.taskType === taskType) &&
    (ids == null || ids.includes(request.id))
}

function pageLink(exchange: Exchange, cursor: Cursor): string {
  const url = new URL(exchange.url.pathname, exchange.origin)
  for (const [key, value] of exchange.url.searchParams) if (key !== 'cursor') url.searchParams.append(key, value)
  url.searchParams.set('cursor', encodeCursor(cursor))
  return url.href
}

function listWorkRequests(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const filter = filterFor(exchange.url.searchParams)
  const cursor = decodeCursor(exchange.url.searchParams.get('cursor'))
  if (typeof filter === 'string' || cursor === 'invalid') {
    const detail = typeof filter === 'string' ? { status: filter } : 'Invalid cursor'
    sendProblem(exchange.response, 400, 'Error', detail)
    return
  }
  const newestFirst = [...exchange.state.workRequests.values()].filter(filter).sort((a, b) => b.id - a.id)
  let page: WorkRequestRecord[]
  if (cursor?.reverse) page = newestFirst.filter((request) => request.id > cursor.position).slice(-PAGE_SIZE)
  else page = newestFirst.filter((request) => cursor == null || request.id < cursor.position).slice(0, PAGE_SIZE)
  const oldest = page.at(-1)
  const newest = page[0]
  const hasOlder = oldest != null && newestFirst.some((request) => request.id < oldest.id)
  const hasNewer = newest != null && newestFirst.some((request) => request.id > newest.id)
  sendJson(exchange.response, 200, {
    next: hasOlder ? pageLink(exchange, { position: oldest.id, reverse: false }) : null,
    previous: hasNewer ? pageLink(exchange, { position: newest.id, reverse: true }) : null,
    results: page.map((request) => workRequestJson(exchange.state.scope, request)),
  })
}

/** The cursor-paginated list of work requests, newest first. */
export const workRequestListRoutes: Route[] = [route('GET /api/1.0/work-request/', listWorkRequests)]
