import { request } from 'node:http'
import type { Target } from './target.js'

/** What a server answered, in the terms the contract compares. */
export interface Answer {
  status: number
  headers: Record<string, string | undefined>
  bytes: Buffer
}

/** How to send one request. */
export interface Call {
  method?: string
  /** After the `/api/1.0` base (e.g. `/whoami/`), or an absolute URL (downloads, `next`). */
  path: string
  json?: unknown
  body?: Buffer
  headers?: Record<string, string>
  /** Leave the `Token` header out. */
  anonymous?: boolean
}

/**
 * Send a request on a connection of its own (a kept-alive one may have been closed by a
 * recycled worker of the real server) and collect the whole answer.
 */
export function call(target: Target, sent: Call): Promise<Answer> {
  const url = /^https?:/.test(sent.path) ? sent.path : `${target.apiUrl}/1.0${sent.path}`
  const body = sent.json !== undefined ? Buffer.from(JSON.stringify(sent.json)) : sent.body
  const headers: Record<string, string> = { 'X-Debusine-Scope': target.scope, ...sent.headers }
  if (sent.anonymous !== true) headers.Token = target.token
  if (sent.json !== undefined) headers['Content-Type'] = 'application/json'
  if (body !== undefined) headers['Content-Length'] = String(body.length)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: sent.method ?? 'GET', agent: false, headers, signal: AbortSignal.timeout(30_000) },
      (incoming) => {
        const blocks: Buffer[] = []
        incoming.on('data', (block: Buffer) => blocks.push(block))
        incoming.on('error', reject)
        incoming.on('end', () => {
          const answerHeaders: Record<string, string | undefined> = {}
          for (const [name, value] of Object.entries(incoming.headers)) {
            answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status: incoming.statusCode ?? 0, headers: answerHeaders, bytes: Buffer.concat(blocks) })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** The answer's body as JSON. */
export function jsonOf(answer: Answer): unknown {
  return JSON.parse(answer.bytes.toString('utf8'))
}

/** The answer with every occurrence of `id` in its body replaced by `ID` (titles that name the request). */
export function maskId(answer: Answer, id: number): Answer {
  return { ...answer, bytes: Buffer.from(answer.bytes.toString('utf8').replaceAll(String(id), 'ID')) }
}
