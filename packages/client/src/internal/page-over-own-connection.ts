import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { PageReader, PageReadRequest } from '@debusine-ts/transport'

/**
 * Kept-alive connections for the pages of lists, one pool per protocol for the process: a
 * list reads its pages one after another over the same connection. Node unrefs the free
 * ones, so they never keep a program alive, and drops those the server closes.
 */
const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
}

// setTimeout's largest delay: a longer timeout is no timeout in practice.
const LONGEST_TIMER_MS = 2 ** 31 - 1

/**
 * Read a page of a list over a kept-alive connection of this module (Node's `http`), as
 * the {@link PageReader} of the client in Node. Between two pages a list waits on the
 * server, and waking up through `http` costs less than through `fetch` (undici's path from
 * the socket to the response), a cost a list pays once per page.
 * Resolves to the parsed body of a `200` answer, to a `Response` for a complete error
 * answer (which the transport turns into its error, or reads again for a status it
 * retries), otherwise to `undefined`, and the transport reads the page again its own way
 * (retries, redirects, errors): a GET of a page is safe to send twice.
 */
export const readPageOverOwnConnection: PageReader = (page: PageReadRequest) =>
  new Promise((resolve) => {
    const url = new URL(page.url)
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:']
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    let timer: NodeJS.Timeout | undefined
    const settle = (body: unknown): void => {
      clearTimeout(timer)
      resolve(body)
    }
    const request = send(
      url,
      { agent, headers: Object.fromEntries(page.headers), ...(page.signal ? { signal: page.signal } : {}) },
      (response) => {
        readAnswer(response).then(settle, () => settle(undefined))
      },
    )
    request.on('error', () => settle(undefined))
    if (page.timeout < LONGEST_TIMER_MS) timer = setTimeout(() => request.destroy(), page.timeout)
    request.end()
  })

/** Error answers are short JSON problems; a longer body is not kept (the transport reads the page again). */
const MAX_ERROR_BODY_BYTES = 1024 * 1024

/**
 * The parsed body of a complete `200` answer; a `Response` holding a complete error answer
 * (4xx, 5xx), for the transport to make its error of; `undefined` for anything else (a
 * redirect, a body that is not JSON, an error body too long to keep). Read through the
 * stream's events rather than its async iterator: the page is parsed in the turn its last
 * byte arrives, which puts the next page's request out sooner.
 */
function readAnswer(response: IncomingMessage): Promise<unknown> {
  const status = response.statusCode ?? 0
  if (status !== 200 && (status < 400 || status > 599)) {
    // Read to the end, so that the connection can carry the next request.
    response.resume()
    return Promise.resolve(undefined)
  }
  return new Promise((resolve, reject) => {
    const blocks: Buffer[] = []
    let length = 0
    response.on('data', (block: Buffer) => {
      length += block.length
      if (status === 200 || length <= MAX_ERROR_BODY_BYTES) blocks.push(block)
    })
    response.on('error', reject)
    // A connection closed before the end: after 'end' this is a no-op.
    response.on('close', () => reject(new Error('the answer ended early')))
    response.on('end', () => {
      const body = Buffer.concat(blocks)
      if (status !== 200)
        resolve(length <= MAX_ERROR_BODY_BYTES ? errorAnswer(response, status, body) : undefined)
      else resolve(parsedOrUndefined(body))
    })
  })
}

function parsedOrUndefined(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

function errorAnswer(response: IncomingMessage, status: number, body: Buffer): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one)
  }
  return new Response(new Uint8Array(body), { status, headers })
}
