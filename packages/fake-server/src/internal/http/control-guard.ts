import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendProblem } from './replies.js'

/** The header that carries the fake's control token on every request of the control API. */
export const CONTROL_TOKEN_HEADER = 'x-fake-control-token'

/** The content types a browser sends cross-origin without asking first (a "simple" request). */
const simpleContentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']

/** The `Host` values that name the fake itself: its address or `localhost`, with its port. */
export function ownHosts(address: string, port: number): Set<string> {
  return new Set([`${address}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
}

function refusal(
  request: IncomingMessage,
  hosts: ReadonlySet<string>,
  token: string,
): [number, string] | undefined {
  const host = request.headers.host ?? ''
  // A page of another site reaching the fake through a name it resolves to 127.0.0.1.
  if (!hosts.has(host.toLowerCase()))
    return [403, `Host ${JSON.stringify(host)} is not the fake's own address`]
  const origin = request.headers.origin
  if (origin !== undefined && !hosts.has(origin.replace(/^http:\/\//i, '').toLowerCase())) {
    return [403, `Origin ${JSON.stringify(origin)} is not the fake's own: no cross-origin control`]
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (simpleContentTypes.includes(type))
    return [415, `Content-Type ${type} is refused: send application/json`]
  if (request.headers[CONTROL_TOKEN_HEADER] !== token) {
    return [401, `the control API needs the fake's control token in the header ${CONTROL_TOKEN_HEADER}`]
  }
  return undefined
}

/**
 * Whether a request of the control API may go on: from the fake's own host (no DNS
 * rebinding), not a browser's cross-origin or simple-form request, with the control token.
 * Else answers the refusal and returns false.
 */
export function admitControlRequest(
  request: IncomingMessage,
  response: ServerResponse,
  hosts: ReadonlySet<string>,
  token: string,
): boolean {
  const refused = refusal(request, hosts, token)
  if (refused === undefined) return true
  sendProblem(response, refused[0], refused[1])
  return false
}
