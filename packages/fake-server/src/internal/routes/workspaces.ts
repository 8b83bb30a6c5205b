import { requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson } from '../http/replies.js'
import { route, type Route } from '../http/route.js'

/** A workspace's inheritance chain: always empty in the fake, as for a new workspace. */
function showInheritance(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  if (resolveWorkspace(exchange, exchange.params[0]) == null) return
  sendJson(exchange.response, 200, { links: {}, chain: [] })
}

/** The one workspace endpoint of the 0.16.2 API that reads: its inheritance chain. */
export const workspaceRoutes: Route[] = [route('GET /api/1.0/workspace/{workspace}/inheritance/', showInheritance)]
