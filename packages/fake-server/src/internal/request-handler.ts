import { ServerResponse, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Fault } from '../faults.js'
import { admitControlRequest } from './http/control-guard.js'
import { dispatch } from './http/dispatch.js'
import type { Exchange } from './http/exchange.js'
import { sendNotFoundPage, sendText } from './http/replies.js'
import type { Route } from './http/route.js'
import { slowBody } from './http/slow-body.js'
import type { FakeState } from './fake-state.js'
import type { FaultPlan } from './fault-plan.js'
import type { RequestLog } from './request-log.js'

/** What the handler answers with. */
export interface HandlerParts {
  state: FakeState
  apiRoutes: readonly Route[]
  controlRoutes: readonly Route[]
  faults: FaultPlan
  log: RequestLog
  /** Who may use the control API: the fake's own `Host` values (filled once it listens) and its token. */
  control: { hosts: ReadonlySet<string>; token: string }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const blocks: Buffer[] = []
    request.on('data', (block: Buffer) => blocks.push(block))
    request.on('end', () => resolve(Buffer.concat(blocks)))
    request.on('error', reject)
  })
}

function exchangeFor(
  parts: HandlerParts,
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
): Exchange {
  const origin = `http://${request.headers.host ?? 'localhost'}`
  const token = request.headers.token
  return {
    request,
    response,
    url: new URL(request.url ?? '/', origin),
    origin,
    params: [],
    body,
    state: parts.state,
    user: parts.state.userFor(typeof token === 'string' ? token : undefined),
  }
}

/** Answer an API request as the real server would, unless a fault is armed for it. */
async function answerApi(parts: HandlerParts, exchange: Exchange, fault: Fault | null): Promise<void> {
  const { request, response } = exchange
  if (fault?.kind === 'reset-before') {
    request.socket.destroy()
    return
  }
  if (fault?.kind === 'status') {
    sendText(response, fault.status, 'text/html', `<html><body><h1>${fault.status}</h1></body></html>\n`)
    return
  }
  const scope = request.headers['x-debusine-scope']
  if (exchange.url.pathname.startsWith('/api/') && scope !== undefined && scope !== parts.state.scope) {
    sendNotFoundPage(response)
    return
  }
  if (fault?.kind === 'slow-body') slowBody(response, fault.delayMs, fault.chunkBytes)
  if (fault?.kind === 'reset-after') {
    // Act on a response bound to no socket, then drop the connection: the answer is lost.
    exchange.response = new ServerResponse(request)
    await dispatch(parts.apiRoutes, exchange, request.method ?? 'GET')
    request.socket.destroy()
    return
  }
  await dispatch(parts.apiRoutes, exchange, request.method ?? 'GET')
}

/** The `request` listener of the fake's HTTP server. */
export function requestHandler(
  parts: HandlerParts,
): (request: IncomingMessage, response: ServerResponse) => void {
  // The connections of a `recycle-close` fault: the next request on one finds it closed.
  const recycled = new WeakSet<Socket>()
  return (request, response) => {
    if (recycled.has(request.socket)) {
      request.socket.destroy()
      return
    }
    void (async () => {
      const body = await readBody(request)
      const exchange = exchangeFor(parts, request, response, body)
      const path = exchange.url.pathname
      const method = request.method ?? 'GET'
      if (path === '/healthz' || path.startsWith('/-/fake/')) {
        const { hosts, token } = parts.control
        if (path === '/healthz' || admitControlRequest(request, response, hosts, token)) {
          await dispatch(parts.controlRoutes, exchange, method)
        }
        return
      }
      parts.log.record(request, body)
      const fault = parts.faults.take(method, path)
      if (fault?.kind === 'recycle-close') recycled.add(request.socket)
      await answerApi(parts, exchange, fault)
    })().catch((error: unknown) => {
      // A bug of the fake: say so loudly rather than imitate the server.
      if (!response.headersSent) sendText(response, 500, 'text/plain', `fake-server bug: ${String(error)}\n`)
      else response.destroy()
    })
  }
}
