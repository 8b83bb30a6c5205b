import type { IncomingMessage } from 'node:http'
import type { ReceivedRequest } from '../received-request.js'

/** Every API request the fake received, in order (the control API's own are left out). */
export class RequestLog {
  private readonly received: ReceivedRequest[] = []

  /** Record a request and its body. */
  record(request: IncomingMessage, body: Buffer): void {
    const isJson = (request.headers['content-type'] ?? '').startsWith('application/json')
    this.received.push({
      method: request.method ?? 'GET',
      target: request.url ?? '/',
      headers: { ...request.headers },
      bodyText: isJson ? body.toString('utf8') : null,
      bodyLength: body.length,
    })
  }

  /** A copy of what was received so far. */
  list(): ReceivedRequest[] {
    return [...this.received]
  }

  /** Forget what was received. */
  clear(): void {
    this.received.length = 0
  }
}
