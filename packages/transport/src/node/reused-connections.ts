import { subscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import { noteConnectionFailure } from '../network-failure.js'

/** The connection a request went out on, and what had been read from it by then. */
interface Sent {
  socket: Socket
  reused: boolean
  bytesRead: number
}

// The failures of a connection the server closed or reset under a request.
const closingCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])

let watching = false

/**
 * Watch undici's requests (its diagnostics channels, once per process) so that a failure can
 * tell a reused keep-alive connection that the server closed or reset before any byte of the
 * answer (its idle timeout or a recycled worker meeting the request: the request was not
 * taken up) from a fresh connection or one that failed after the server began to answer.
 * Each such failure is noted for `classifyNetworkFailure`: `stale-connection` or `unknown`.
 */
export function watchReusedConnections(): void {
  if (watching) return
  watching = true
  const carried = new WeakSet<Socket>()
  const sent = new WeakMap<object, Sent>()
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket }
    sent.set(request, { socket, reused: carried.has(socket), bytesRead: socket.bytesRead })
    carried.add(socket)
  })
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown }
    const on = sent.get(request)
    const code = (error as { code?: unknown } | null)?.code
    if (on === undefined || typeof error !== 'object' || error === null) return
    if (!closingCodes.has(String(code))) return
    noteConnectionFailure(error, on.reused && on.socket.bytesRead === on.bytesRead)
  })
}
