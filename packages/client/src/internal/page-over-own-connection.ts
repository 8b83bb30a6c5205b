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
 * server, and waking up through `fetch` cost 1.2-2 ms more per page than through `http`
 * on the real server (1,000 work requests: 0.1-0.2 s; tooling/bench/README.md, runs K-N).
 * Resolves to the parsed body of a `200` answer, otherwise to `undefined`, and the
 * transport reads the page again its own way (retries, redirects, errors): a GET of a page
 * is safe to send twice.
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
        readJson(response).then(settle, () => settle(undefined))
      },
    )
    request.on('error', () => settle(undefined))
    if (page.timeout < LONGEST_TIMER_MS) timer = setTimeout(() => request.destroy(), page.timeout)
    request.end()
  })

/** The parsed body of a complete `200` answer; `undefined` for another status or a body that is not JSON. */
async function readJson(response: IncomingMessage): Promise<unknown> {
  if (response.statusCode !== 200) {
    // Read to the end, so that the connection can carry the next request.
    response.resume()
    return undefined
  }
  const blocks: Buffer[] = []
  for await (const block of response) blocks.push(block as Buffer)
  try {
    return JSON.parse(Buffer.concat(blocks).toString('utf8'))
  } catch {
    return undefined
  }
}
