import { COMPLETION_CHANNEL_PATH } from './internal/completion-channel.js'
import { apiRoutes } from './internal/routes/api-routes.js'

/**
 * The endpoints of the real server's wire that the fake serves, as `METHOD /path/{param}/`
 * (the websocket as `WS /path/`). Anything else answers as the real server does for an
 * unknown URL (its 404 page) or method (a 405 problem).
 */
export const SERVED_ENDPOINTS: readonly string[] = [
  ...apiRoutes.map((served) => served.endpoint),
  `WS ${COMPLETION_CHANNEL_PATH}`,
]
