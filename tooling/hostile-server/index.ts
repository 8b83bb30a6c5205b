/**
 * A hostile loopback server for tests: crafted JSON, stalls, endless bodies, injected text.
 * See README.md.
 */
export {
  startHostileServer,
  type HostileServer,
  type HostileAnswer,
  type HostileRequest,
} from './hostile-server.js'
export {
  json,
  stallAfterHeaders,
  stallBeforeHeaders,
  endlessJson,
  hugeJson,
  delayed,
  raw,
} from './answers.js'
