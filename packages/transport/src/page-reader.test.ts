/**
 * A transport with a page reader: lists take their pages from it, with the transport's
 * headers, and read a page themselves (with retries and errors) when it declines.
 */
import { ResponseValidationError, ValidationError } from '@debusine-ts/models'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { sendJson, startServer, type LoopbackServer } from '../test/support/loopback-server.js'
import { NotFoundError } from './errors/status-errors.js'
import { Transport } from './transport.js'
import type { PageReadRequest } from './transport-options.js'

const Item = z.object({ id: z.number() })
const servers: LoopbackServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** Three pages of a cursor list: c1 → c2 → c3, two items each; `/gone/` answers 404. */
async function cursorServer(): Promise<LoopbackServer> {
  const server = await startServer(({ request, response }) => {
    if (request.url.includes('/gone/')) return sendJson(response, 404, { detail: 'Not found.' })
    sendJson(response, 200, pageAt(server, new URL(request.url, server.origin).searchParams.get('cursor')))
  })
  servers.push(server)
  return server
}

function pageAt(server: LoopbackServer, cursor: string | null): unknown {
  const number = cursor === null ? 1 : Number(cursor.slice(1))
  const next = number < 3 ? `${server.origin}/api/1.0/work-request/?cursor=c${number + 1}` : null
  return { next, previous: null, results: [{ id: number * 10 }, { id: number * 10 + 1 }] }
}

describe('Transport with a page reader', () => {
  it('takes every page from the reader, sent with the transport headers', async () => {
    const server = await cursorServer()
    const asked: PageReadRequest[] = []
    const transport = new Transport({
      apiUrl: server.apiUrl,
      token: 'tok',
      scope: 'debian',
      timeout: 7_000,
      pageReader: (page) => {
        asked.push(page)
        return Promise.resolve(pageAt(server, new URL(page.url).searchParams.get('cursor')))
      },
    })
    const items = await transport.list('/work-request/', Item).toArray({ limit: 100 })
    expect(items.map((item) => item.id)).toEqual([10, 11, 20, 21, 30, 31])
    expect(server.requests).toHaveLength(0)
    expect(asked.map((page) => page.url)).toEqual([
      `${server.apiUrl}/1.0/work-request/`,
      `${server.apiUrl}/1.0/work-request/?cursor=c2`,
      `${server.apiUrl}/1.0/work-request/?cursor=c3`,
    ])
    expect(asked[0]?.headers.get('token')).toBe('tok')
    expect(asked[0]?.headers.get('x-debusine-scope')).toBe('debian')
    expect(asked[0]?.headers.get('accept')).toMatch(/^application\/json/)
    expect(asked[0]?.timeout).toBe(7_000)
  })

  it('reads a page the reader declines itself, and validates what the reader gives', async () => {
    const server = await cursorServer()
    const declining = new Transport({
      apiUrl: server.apiUrl,
      token: 'tok',
      pageReader: (page) =>
        Promise.resolve(
          page.url.includes('c2') ? undefined : pageAt(server, new URL(page.url).searchParams.get('cursor')),
        ),
    })
    expect(
      (await declining.list('/work-request/', Item).toArray({ limit: 100 })).map((item) => item.id),
    ).toEqual([10, 11, 20, 21, 30, 31])
    expect(server.requests.map((request) => request.url)).toEqual(['/api/1.0/work-request/?cursor=c2'])

    const gone = new Transport({ apiUrl: server.apiUrl, pageReader: () => Promise.resolve(undefined) })
    await expect(gone.list('/gone/', Item).toArray({ limit: 100 })).rejects.toBeInstanceOf(NotFoundError)

    const wrong = new Transport({
      apiUrl: server.apiUrl,
      pageReader: () => Promise.resolve({ results: 'no' }),
    })
    await expect(wrong.list('/work-request/', Item).toArray({ limit: 100 })).rejects.toBeInstanceOf(
      ResponseValidationError,
    )
  })

  it('makes its error of an error answer the reader read, and reads again a status it retries', async () => {
    const server = await cursorServer()
    const problem = (status: number): Response =>
      new Response(JSON.stringify({ title: 'No such list', detail: 'Not found.' }), {
        status,
        headers: { 'Content-Type': 'application/problem+json' },
      })
    const refused = new Transport({
      apiUrl: server.apiUrl,
      token: 'tok',
      pageReader: () => Promise.resolve(problem(404)),
    })
    const error = await refused
      .list('/work-request/', Item)
      .toArray({ limit: 100 })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).message).toContain('No such list')
    // The reader's answer is the answer: the request is not sent a second time.
    expect(server.requests).toHaveLength(0)

    let asked = 0
    const busyOnce = new Transport({
      apiUrl: server.apiUrl,
      pageReader: (page) => {
        asked += 1
        return Promise.resolve(
          asked === 1 ? problem(503) : pageAt(server, new URL(page.url).searchParams.get('cursor')),
        )
      },
    })
    expect(
      (await busyOnce.list('/work-request/', Item).toArray({ limit: 100 })).map((item) => item.id),
    ).toEqual([10, 11, 20, 21, 30, 31])
    expect(server.requests.map((request) => request.url)).toEqual(['/api/1.0/work-request/'])
  })

  it('refuses a bad timeout or retry count before the reader is asked', async () => {
    const server = await cursorServer()
    let asked = 0
    const transport = new Transport({
      apiUrl: server.apiUrl,
      pageReader: () => {
        asked += 1
        return Promise.resolve(undefined)
      },
    })
    await expect(
      transport.list('/work-request/', Item, { timeout: -1 }).toArray({ limit: 5 }),
    ).rejects.toThrow(ValidationError)
    await expect(
      transport.list('/work-request/', Item, { maxRetries: 1.5 }).toArray({ limit: 5 }),
    ).rejects.toThrow(/maxRetries: expected a non-negative integer/)
    expect(asked).toBe(0)
    expect(server.requests).toHaveLength(0)
  })
})
