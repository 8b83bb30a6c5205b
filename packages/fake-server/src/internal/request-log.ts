import type { IncomingMessage } from 'node:http'
import type { ReceivedRequest } from '../received-request.js'

/** The headers that carry credentials: recorded as `[REDACTED]`, so the control API never hands them out. */
const credentialHeaders = ['token', 'authorization', 'proxy-authorization', 'cookie']

function withoutCredentials(headers: IncomingMessage['headers']): ReceivedRequest['headers'] {
  const copy = { ...headers }
  for (const name of credentialHeaders) if (copy[name] !== undefined) copy[name] = '[REDACTED]'
  return copy
}

/** Every API request the fake received, in order (the control API's own are left out). */
export class RequestLog {
  private readonly received: ReceivedRequest[] = []

  /** Record a request and its body, credentials redacted. */
  record(request: IncomingMessage, body: Buffer): void {
    const isJson = (request.headers['content-type'] ?? '').startsWith('application/json')
    this.received.push({
      method: request.method ?? 'GET',
      target: request.url ?? '/',
      headers: withoutCredentials(request.headers),
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
