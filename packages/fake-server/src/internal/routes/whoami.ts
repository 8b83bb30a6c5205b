import { sendJson } from '../http/replies.js'
import { route, type Route } from '../http/route.js'

/** `GET /whoami/`: who the token authenticates as; anonymous without a valid one. */
export const whoamiRoutes: Route[] = [
  route('GET /api/1.0/whoami/', (exchange) => {
    const user = exchange.user
    sendJson(exchange.response, 200, {
      user: user?.username ?? '<anonymous>',
      auth: user != null,
      work_request: null,
      worker: false,
    })
  }),
]
