import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { CompletionNotice, FakeState } from './fake-state.js'
import { parseServerTime } from './server-clock.js'

/** The path of the completion channel. */
export const COMPLETION_CHANNEL_PATH = '/api/ws/1.0/work-request/on-completed/'

function completionMessage(notice: CompletionNotice): string {
  return JSON.stringify({
    type: 'websocket.send',
    text: 'work_request_completed',
    work_request_id: notice.workRequestId,
    completed_at: notice.completedAt,
    result: notice.result,
  })
}

function reject(socket: WebSocket, reason: string): void {
  socket.send(JSON.stringify({ type: 'connection_rejected', reason }))
  socket.close(1000)
}

/**
 * The completions to replay since `since`: if exactly one work request completed at that
 * very instant, those after it; otherwise those at or after it (the real server's rule).
 */
function replayed(state: FakeState, since: number, workspaces: Set<string> | null): CompletionNotice[] {
  const completed = state
    .completedWorkRequests()
    .filter((request) => workspaces == null || workspaces.has(request.workspace))
  const atInstant = completed.filter((request) => parseServerTime(request.completedAt!) === since).length
  return completed
    .filter((request) => {
      const at = parseServerTime(request.completedAt!)!
      return atInstant === 1 ? at > since : at >= since
    })
    .map((request) => ({
      workRequestId: request.id,
      workspace: request.workspace,
      completedAt: request.completedAt!,
      result: request.result,
    }))
}

function serve(state: FakeState, socket: WebSocket, request: IncomingMessage): void {
  const query = new URL(request.url ?? '/', 'http://fake').searchParams
  const token = request.headers.token
  if (state.userFor(typeof token === 'string' ? token : undefined) == null) {
    reject(socket, 'No token header, token not associated to a user or not enabled')
    return
  }
  const names = query.get('workspaces')?.split(',') ?? null
  const unknown = names?.find((name) => !state.workspaces.has(name))
  if (unknown !== undefined) {
    reject(socket, `Workspace "${unknown}" not found`)
    return
  }
  const workspaces = names == null ? null : new Set(names)
  socket.send(JSON.stringify({ type: 'websocket.send', text: 'connected' }))
  // Subscribe before replaying, as the server does: nothing falls between the two.
  const unsubscribe = state.onCompletion((notice) => {
    if (workspaces == null || workspaces.has(notice.workspace)) socket.send(completionMessage(notice))
  })
  socket.on('close', unsubscribe)
  const since = query.get('completed_at_since')
  const sinceMicros = since == null ? null : parseServerTime(since)
  if (sinceMicros != null) {
    for (const notice of replayed(state, sinceMicros, workspaces)) socket.send(completionMessage(notice))
  }
}

/** The completion websocket: accepts upgrades of its path, refuses any other with a 404. */
export class CompletionChannel {
  private readonly server = new WebSocketServer({ noServer: true, perMessageDeflate: false })

  constructor(private readonly state: FakeState) {}

  /** Take an HTTP upgrade request. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(request.url ?? '/', 'http://fake').pathname !== COMPLETION_CHANNEL_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
      return
    }
    this.server.handleUpgrade(request, socket, head, (webSocket) => serve(this.state, webSocket, request))
  }

  /** Drop every connection. */
  close(): void {
    for (const client of this.server.clients) client.terminate()
    this.server.close()
  }
}
