import { ResponseValidationError, ValidationError } from '@debusine-ts/models'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { sendJson, startServer, type LoopbackServer } from '../test/support/loopback-server.js'
import { Transport } from './transport.js'
import { createNodeNetwork } from './node/network.js'
import { PagedList } from './paged-list.js'
import { checkPageEnvelope, parsePage, parsePageItems, type Page } from './page.js'

const Item = z.object({ id: z.number() })

const servers: LoopbackServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const ids = (from: number, to: number): { id: number }[] =>
  Array.from({ length: to - from }, (_, index) => ({ id: from + index }))

/** 25 items, 10 per page, with Debusine's cursor envelope (no count). */
async function cursorServer(): Promise<LoopbackServer> {
  const server = await startServer(({ request, response }) => {
    const url = new URL(request.url, server.origin)
    const cursor = url.searchParams.get('cursor')
    const next = (value: string): string => `${server.origin}/api/1.0/work-request/?cursor=${value}`
    if (cursor === null) sendJson(response, 200, { next: next('c2'), previous: null, results: ids(0, 10) })
    else if (cursor === 'c2')
      sendJson(response, 200, { next: next('c3'), previous: null, results: ids(10, 20) })
    else sendJson(response, 200, { next: null, previous: next('c2'), results: ids(20, 25) })
  })
  servers.push(server)
  return server
}

/** 25 items, 10 per page, with the page-number envelope (with count). */
async function pageNumberServer(): Promise<LoopbackServer> {
  const server = await startServer(({ request, response }) => {
    const page = Number(new URL(request.url, server.origin).searchParams.get('page') ?? '1')
    const at = (number: number): string | null =>
      number < 1 || number > 3 ? null : `${server.origin}/api/1.0/collection/System/?page=${number}`
    sendJson(response, 200, {
      count: 25,
      next: at(page + 1),
      previous: at(page - 1),
      results: ids((page - 1) * 10, Math.min(page * 10, 25)),
    })
  })
  servers.push(server)
  return server
}

describe('PagedList', () => {
  it('follows cursor pages lazily and stops at the limit', async () => {
    const server = await cursorServer()
    const transport = new Transport({ apiUrl: server.apiUrl, token: 'tok', scope: 'debian' })
    const list = transport.list('/work-request/', Item)
    expect(server.requests).toHaveLength(0)
    const items = await list.toArray({ limit: 12 })
    expect(items.map((item) => item.id)).toEqual(ids(0, 12).map((item) => item.id))
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]?.url).toBe('/api/1.0/work-request/?cursor=c2')
    expect(server.requests[1]?.headers['token']).toBe('tok')
    expect(server.requests[1]?.headers['x-debusine-scope']).toBe('debian')
  })

  it('reads the next page while the caller still works on the current one', async () => {
    const server = await cursorServer()
    const list = new Transport({ apiUrl: server.apiUrl }).list('/work-request/', Item)
    const iterator = list[Symbol.asyncIterator]()
    expect((await iterator.next()).value).toEqual({ id: 0 })
    // Nine items of the first page are still unread, and the second page is on its way.
    while (server.requests.length < 2) await new Promise((resolve) => setImmediate(resolve))
    expect(server.requests[1]?.url).toBe('/api/1.0/work-request/?cursor=c2')
    await iterator.return(undefined)
  })

  it('collects everything across 3 cursor pages with an explicit Infinity', async () => {
    const server = await cursorServer()
    const items = await new Transport({ apiUrl: server.apiUrl })
      .list('/work-request/', Item)
      .toArray({ limit: Infinity })
    expect(items).toHaveLength(25)
    expect(server.requests).toHaveLength(3)
  })

  it('iterates page-number pages and exposes count', async () => {
    const server = await pageNumberServer()
    const list = new Transport({ apiUrl: server.apiUrl }).list('/collection/System/', Item)
    const pages = []
    for await (const page of list.pages()) pages.push(page)
    expect(pages.map((page) => [page.count, page.items.length, page.previous === null])).toEqual([
      [25, 10, true],
      [25, 10, false],
      [25, 5, false],
    ])
    let seen = 0
    for await (const item of list) {
      expect(item.id).toBe(seen)
      seen += 1
    }
    expect(seen).toBe(25)
    expect((await list.toArray({ limit: 21 })).at(-1)).toEqual({ id: 20 })
  })

  it('passes query parameters on the first page only', async () => {
    const server = await cursorServer()
    await new Transport({ apiUrl: server.apiUrl })
      .list('/work-request/', Item, { query: { status: 'running' } })
      .toArray({ limit: 11 })
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/1.0/work-request/?status=running',
      '/api/1.0/work-request/?cursor=c2',
    ])
  })

  it('requires a positive limit', async () => {
    const server = await cursorServer()
    const list = new Transport({ apiUrl: server.apiUrl }).list('/work-request/', Item)
    await expect(list.toArray({ limit: 0 })).rejects.toThrow(ValidationError)
    await expect(list.toArray({ limit: 1.5 })).rejects.toThrow(ValidationError)
    // @ts-expect-error the limit is required
    await expect(list.toArray({})).rejects.toThrow(ValidationError)
  })

  it('names the bad item of a page', async () => {
    const server = await startServer(({ response }) =>
      sendJson(response, 200, { next: null, results: [{ id: 1 }, { id: 'two' }] }),
    )
    servers.push(server)
    const error: unknown = await new Transport({ apiUrl: server.apiUrl })
      .list('/work-request/', Item, { model: 'WorkRequest' })
      .toArray({ limit: 10 })
      .catch((caught: unknown) => caught)
    expect(ResponseValidationError.isInstance(error)).toBe(true)
    expect((error as ResponseValidationError).issues[0]?.path).toBe('results.1.id')
    expect((error as Error).message).toContain('WorkRequest')
  })

  it('rejects a body without results', async () => {
    const server = await startServer(({ response }) => sendJson(response, 200, [{ id: 1 }]))
    servers.push(server)
    await expect(
      new Transport({ apiUrl: server.apiUrl }).list('/asset/', Item).toArray({ limit: 1 }),
    ).rejects.toThrow(/Page/)
  })

  it('keeps the token at home when next points to another origin', async () => {
    const server = await startServer(({ request, response }) =>
      request.url.includes('cursor')
        ? sendJson(response, 200, { next: null, results: [{ id: 2 }] })
        : sendJson(response, 200, {
            next: 'http://elsewhere.invalid/api/1.0/work-request/?cursor=x',
            results: [{ id: 1 }],
          }),
    )
    servers.push(server)
    const items = await new Transport({ apiUrl: server.apiUrl, token: 'tok' })
      .list('/work-request/', Item)
      .toArray({ limit: 5 })
    expect(items).toEqual([{ id: 1 }, { id: 2 }])
    expect(server.requests[1]?.url).toBe('/api/1.0/work-request/?cursor=x')
  })

  it("requests the next page before validating the current page's items", async () => {
    const events: string[] = []
    const fetchPage = (input: RequestInfo | URL): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const page = Number(url.searchParams.get('page') ?? '0')
      events.push(`GET page ${page}`)
      const next = page < 2 ? `${url.origin}${url.pathname}?page=${page + 1}` : null
      const body = { next, previous: null, results: ids(page * 10, page * 10 + 2) }
      return Promise.resolve(Response.json(body))
    }
    const Recorded = z.object({
      id: z.number().refine((id) => events.push(`validate ${id}`) > 0),
    })
    const transport = new Transport({ apiUrl: 'http://debusine.invalid/api', fetch: fetchPage })
    const items = await transport.list('/work-request/', Recorded).toArray({ limit: 100 })
    expect(items.map((item) => item.id)).toEqual([0, 1, 10, 11, 20, 21])
    expect(events).toEqual([
      'GET page 0',
      'GET page 1',
      'validate 0',
      'validate 1',
      'GET page 2',
      'validate 10',
      'validate 11',
      'validate 20',
      'validate 21',
    ])
  })

  it("writes the next page's request through the Node network before validating the current page", async () => {
    const events: string[] = []
    // undici tells when it writes a request's head to the socket.
    const onSend = (message: unknown): void => {
      const { request } = message as { request: { path: string } }
      events.push(`send page ${new URL(request.path, 'http://x').searchParams.get('page') ?? '0'}`)
    }
    const server = await startServer(({ request, response }) => {
      const page = Number(new URL(request.url, server.origin).searchParams.get('page') ?? '0')
      const next = page < 2 ? `${server.origin}/api/1.0/work-request/?page=${page + 1}` : null
      sendJson(response, 200, { next, previous: null, results: ids(page * 10, page * 10 + 1) })
    })
    servers.push(server)
    const Recorded = z.object({ id: z.number().refine((id) => events.push(`validate ${id}`) > 0) })
    const network = createNodeNetwork({ env: {} })
    const transport = new Transport({ apiUrl: server.apiUrl, network })
    subscribe('undici:client:sendHeaders', onSend)
    try {
      await transport.list('/work-request/', Recorded).toArray({ limit: 100 })
    } finally {
      unsubscribe('undici:client:sendHeaders', onSend)
      await network.close()
    }
    // undici writes on a kept-alive socket a turn after the request reaches it: the list waits.
    expect(events).toEqual([
      'send page 0',
      'send page 1',
      'validate 0',
      'send page 2',
      'validate 10',
      'validate 20',
    ])
  })

  describe('read-ahead', () => {
    /** Three pages of ten, from a loader that records each call's URL and signal. */
    function recordedList(): { list: PagedList<number>; calls: { url: string; signal?: AbortSignal }[] } {
      const calls: { url: string; signal?: AbortSignal }[] = []
      const load = (url: string, signal?: AbortSignal): Promise<Page<number>> => {
        calls.push({ url, signal })
        const index = Number(url.slice(-1))
        const items = Array.from({ length: 10 }, (_, item) => index * 10 + item)
        return Promise.resolve({
          url,
          items,
          next: index < 2 ? `page-${index + 1}` : null,
          previous: null,
          count: undefined,
        })
      }
      return { list: new PagedList(load, 'page-0'), calls }
    }

    it('reads no page beyond the one that reaches the limit', async () => {
      const { list, calls } = recordedList()
      const taken: number[] = []
      for await (const item of list.take(10)) taken.push(item)
      expect(taken).toHaveLength(10)
      expect(calls.map((call) => call.url)).toEqual(['page-0'])
      expect(await list.toArray({ limit: 11 })).toHaveLength(11)
      expect(calls.map((call) => call.url)).toEqual(['page-0', 'page-0', 'page-1'])
    })

    /** Pages of ten that tell their envelope first, then wait for `validated` to resolve. */
    function envelopeFirstList(pages: number): {
      list: PagedList<number>
      calls: { url: string; signal?: AbortSignal }[]
      validate: (index: number, outcome?: Error) => void
    } {
      const calls: { url: string; signal?: AbortSignal }[] = []
      const gates = new Map<number, (outcome?: Error) => void>()
      const load = async (
        url: string,
        signal?: AbortSignal,
        onEnvelope?: (next: string | null, itemCount: number) => void,
      ): Promise<Page<number>> => {
        calls.push({ url, signal })
        const index = Number(url.slice(-1))
        const next = index < pages - 1 ? `page-${index + 1}` : null
        onEnvelope?.(next, 10)
        const failure = await new Promise<Error | undefined>((resolve) => gates.set(index, resolve))
        if (failure !== undefined) throw failure
        const items = Array.from({ length: 10 }, (_, item) => index * 10 + item)
        return { url, items, next, previous: null, count: undefined }
      }
      const validate = (index: number, outcome?: Error): void => gates.get(index)?.(outcome)
      return { list: new PagedList(load, 'page-0'), calls, validate }
    }

    it('starts the next page once the envelope is known, before the items are validated', async () => {
      const { list, calls, validate } = envelopeFirstList(3)
      const iterator = list[Symbol.asyncIterator]()
      const first = iterator.next()
      await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['page-0', 'page-1']))
      validate(0)
      expect((await first).value).toBe(0)
      // The consumer is on page 0: page 2 waits until page 1 is the one awaited.
      expect(calls.map((call) => call.url)).toEqual(['page-0', 'page-1'])
      for (let item = 1; item < 10; item += 1) await iterator.next()
      const eleventh = iterator.next()
      await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['page-0', 'page-1', 'page-2']))
      validate(1)
      expect((await eleventh).value).toBe(10)
      await iterator.return(undefined)
      expect(calls[2]?.signal?.aborted).toBe(true)
    })

    it('reads no page beyond the limit from the envelope either', async () => {
      const { list, calls, validate } = envelopeFirstList(3)
      const taken = list.toArray({ limit: 10 })
      await vi.waitFor(() => expect(calls).toHaveLength(1))
      validate(0)
      expect(await taken).toHaveLength(10)
      expect(calls.map((call) => call.url)).toEqual(['page-0'])
    })

    it('throws a page that fails validation and aborts the page read ahead', async () => {
      const { list, calls, validate } = envelopeFirstList(3)
      const all = list.toArray({ limit: 100 })
      await vi.waitFor(() => expect(calls).toHaveLength(2))
      validate(0, new Error('page 0 is invalid'))
      await expect(all).rejects.toThrow('page 0 is invalid')
      expect(calls[1]?.signal?.aborted).toBe(true)
    })

    it('aborts the page read ahead when the caller stops early', async () => {
      const { list, calls } = recordedList()
      for await (const item of list) if (item === 3) break
      expect(calls.map((call) => call.url)).toEqual(['page-0', 'page-1'])
      expect(calls[1]?.signal?.aborted).toBe(true)
    })
  })
})

describe('parsePage', () => {
  it('checks the envelope before the items, and validates them after', () => {
    const envelope = checkPageEnvelope('page-0', { next: 'page-1', previous: null, results: [1, 2] })
    expect(envelope).toMatchObject({ next: 'page-1', previous: null, count: undefined, results: [1, 2] })
    expect(parsePageItems(envelope, (item) => Number(item) * 10).items).toEqual([10, 20])
    expect(parsePage('page-0', { next: null, results: [1] }, Number)).toEqual({
      url: 'page-0',
      items: [1],
      next: null,
      previous: null,
      count: undefined,
    })
  })

  it('names the item of a page that fails validation', () => {
    const envelope = checkPageEnvelope('page-0', { next: null, results: [1, 'two'] })
    const parseItem = (item: unknown): number => {
      if (typeof item !== 'number') {
        throw new ResponseValidationError(
          'Item',
          [{ path: '', rule: 'invalid_type', message: 'a number' }],
          item,
        )
      }
      return item
    }
    expect(() => parsePageItems(envelope, parseItem)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'results.1' })] }),
    )
  })

  it('rejects an invalid envelope before any item', () => {
    expect(() => checkPageEnvelope('page-0', { next: 3, results: [] })).toThrow(ResponseValidationError)
  })
})
