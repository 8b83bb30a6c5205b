import { requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendPage } from '../http/page.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { CollectionRecord } from '../records.js'
import { collectionItemJson, collectionJson } from '../render/collection-json.js'

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The workspace of the path, for a user; null after answering 403 or 404. */
function pathWorkspace(exchange: Exchange): string | null {
  if (requireUser(exchange) == null) return null
  return resolveWorkspace(exchange, exchange.params[0])
}

function listCollections(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const collections = [...exchange.state.collections.values()]
    .filter((collection) => collection.workspace === workspace && collection.category !== 'debusine:workflow-internal')
    .sort((a, b) => byText(a.category, b.category) || byText(a.name, b.name))
  sendPage(exchange, collections, (collection) => collectionJson(exchange.state.scope, collection))
}

function sendCollection(exchange: Exchange, collection: CollectionRecord | undefined): void {
  if (collection == null) sendProblem(exchange.response, 404, 'Object not found')
  else sendJson(exchange.response, 200, collectionJson(exchange.state.scope, collection))
}

function showCollectionById(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const collection = exchange.state.collections.get(Number(exchange.params[1]))
  sendCollection(exchange, collection?.workspace === workspace ? collection : undefined)
}

function showCollection(exchange: Exchange): void {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return
  const [, category = '', name = ''] = exchange.params
  sendCollection(exchange, exchange.state.collectionNamed(workspace, category, name))
}

/** The collection of an item path, or null after answering the server's 404. */
function itemsCollection(exchange: Exchange): CollectionRecord | null {
  const workspace = pathWorkspace(exchange)
  if (workspace == null) return null
  const [, category = '', name = ''] = exchange.params
  const collection = exchange.state.collectionNamed(workspace, category, name)
  if (collection != null) return collection
  sendProblem(
    exchange.response,
    404,
    'Collection not found',
    `Collection '${name}@${category}' does not exist in workspace ${exchange.state.scope}/${workspace}`,
  )
  return null
}

function listItems(exchange: Exchange): void {
  const collection = itemsCollection(exchange)
  if (collection == null) return
  const query = exchange.url.searchParams
  const prefix = query.get('name__startswith') ?? ''
  const category = query.get('category')
  const items = collection.items
    .filter((item) => item.name.startsWith(prefix) && (category == null || item.category === category))
    .sort((a, b) => byText(a.name, b.name))
  sendPage(exchange, items, collectionItemJson)
}

function showItem(exchange: Exchange): void {
  const collection = itemsCollection(exchange)
  if (collection == null) return
  const item = collection.items.find((held) => held.name === exchange.params[3])
  if (item == null) sendProblem(exchange.response, 404, 'Object not found')
  else sendJson(exchange.response, 200, collectionItemJson(item))
}

/**
 * Collections (read only: the fake holds the singletons of each workspace, and its task
 * history records the worker tasks the test completes) and their items.
 */
export const collectionRoutes: Route[] = [
  route('GET /api/1.0/collection/{workspace}/', listCollections),
  route('GET /api/1.0/collection/{workspace}/{id}/', showCollectionById),
  route('GET /api/1.0/collection/{workspace}/{category}/{name}/', showCollection),
  route('GET /api/1.0/collection/{workspace}/{category}/{name}/item/', listItems),
  route('GET /api/1.0/collection/{workspace}/{category}/{name}/item/{item}/', showItem),
]
