/**
 * Every answer the transport reads is bounded in size and in time, against a hostile
 * loopback server: an endless or huge body is cut at the size limit, not read whole; a stall
 * before or after the headers, a trickling body and a slow list page end at the timeout; an
 * abort cancels a body in the middle of its read. Each case goes through fetch and through
 * the Node network (list pages through its page reader). The figures are printed.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  delayed,
  endlessJson,
  hugeJson,
  json,
  stallAfterHeaders,
  stallBeforeHeaders,
  startHostileServer,
  type HostileAnswer,
  type HostileServer,
} from '../../../tooling/hostile-server/index.js'
import { fast } from '../test/support/transport-for.js'
import { AbortError } from './errors/abort-error.js'
import { TimeoutError } from './errors/connection-error.js'
import { ResponseTooLargeError } from './errors/response-too-large-error.js'
import { NotFoundError } from './errors/status-errors.js'
import { createNodeNetwork, type NodeNetwork } from './node/network.js'
import { Transport } from './transport.js'
import type { TransportConfig } from './transport-options.js'

const MiB = 1 << 20
const token = 'hostile-test-token-0123456789'
const artifact = 'GET /api/1.0/artifact/1/'
let server: HostileServer | undefined
const networks: NodeNetwork[] = []

afterEach(async () => {
  await Promise.all(networks.splice(0).map((network) => network.close()))
  await server?.close()
  server = undefined
})

type Route = 'fetch' | 'network'
const routes: Route[] = ['fetch', 'network']

async function transportTo(
  route: Route,
  answers: Record<string, HostileAnswer>,
  config: Partial<TransportConfig> = {},
): Promise<{ transport: Transport; hostile: HostileServer }> {
  const hostile = await startHostileServer(answers)
  server = hostile
  const network = route === 'network' ? createNodeNetwork({ env: {} }) : undefined
  if (network !== undefined) networks.push(network)
  const transport = new Transport({
    apiUrl: hostile.apiUrl,
    token,
    retryDelays: fast,
    maxRetries: 0,
    network,
    ...config,
  })
  return { transport, hostile }
}

/** How `call` failed, how long it took and how much the resident memory grew meanwhile. */
async function measured(
  call: () => Promise<unknown>,
): Promise<{ error: unknown; ms: number; growthMiB: number }> {
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  const started = performance.now()
  try {
    await call()
    return { error: undefined, ms: performance.now() - started, growthMiB: 0 }
  } catch (error) {
    const ms = performance.now() - started
    peak = Math.max(peak, process.memoryUsage().rss)
    return { error, ms, growthMiB: (peak - before) / MiB }
  } finally {
    clearInterval(sampler)
  }
}

function report(name: string, figures: { ms: number; growthMiB: number }, sentMiB?: number): void {
  const sent = sentMiB === undefined ? '' : `, server sent ${sentMiB.toFixed(1)} MiB`
  process.stdout.write(
    `[answer bounds] ${name}: gave up after ${Math.round(figures.ms)} ms, RSS +${figures.growthMiB.toFixed(1)} MiB${sent}\n`,
  )
}

describe.each(routes)('through %s, an answer larger than the limit', (route) => {
  it(
    'is cut at the limit when it never ends, with an error naming the limit and the URL',
    { timeout: 90_000 },
    async () => {
      const { transport, hostile } = await transportTo(
        route,
        { [artifact]: endlessJson() },
        { timeout: 60_000 },
      )
      const figures = await measured(() => transport.request('GET', '/artifact/1/', { query: { token } }))
      const sentMiB = hostile.bytesSent() / MiB
      report(`${route}, endless JSON`, figures, sentMiB)
      expect(figures.error).toBeInstanceOf(ResponseTooLargeError)
      const error = figures.error as ResponseTooLargeError
      expect(error.limitBytes).toBe(32 * MiB)
      expect(error.message).toContain('32 MiB')
      expect(error.message).toContain(`${hostile.apiUrl}/1.0/artifact/1/`)
      expect(error.message).not.toContain(token)
      // Cancelled at the limit: the server could write little more than that before it stopped.
      expect(sentMiB).toBeLessThan(128)
      expect(figures.growthMiB).toBeLessThan(512)
    },
  )

  it('is refused at its declared length without being read, and cut at the limit without one', async () => {
    const { transport, hostile } = await transportTo(route, {
      [artifact]: hugeJson(300 * MiB),
      'GET /api/1.0/artifact/2/': hugeJson(300 * MiB, false),
    })
    const declared = await measured(() => transport.request('GET', '/artifact/1/'))
    report(`${route}, 300 MiB JSON with its length`, declared, hostile.bytesSent() / MiB)
    expect(declared.error).toBeInstanceOf(ResponseTooLargeError)
    expect((declared.error as ResponseTooLargeError).declaredBytes).toBe(300 * MiB)
    const chunked = await measured(() => transport.request('GET', '/artifact/2/'))
    report(`${route}, 300 MiB JSON chunked`, chunked, hostile.bytesSent() / MiB)
    expect(chunked.error).toBeInstanceOf(ResponseTooLargeError)
    expect(hostile.bytesSent() / MiB).toBeLessThan(150)
  })

  it('follows a smaller configured limit, for list pages and error answers too', async () => {
    const { transport } = await transportTo(
      route,
      {
        'GET /api/1.0/work-request/': hugeJson(2 * MiB, false),
        [artifact]: endlessJson(64 * 1024, undefined, 404),
      },
      { maxResponseBytes: MiB },
    )
    const list = transport.list('/work-request/', z.object({ id: z.number() }))
    const error = await list.toArray({ limit: 5 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as Error).message).toContain('1 MiB')
    // An error status stays the error: only its body's details are left out.
    await expect(transport.request('GET', '/artifact/1/')).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe.each(routes)('through %s, an answer slower than the timeout', (route) => {
  it.each([
    ['a stall before the headers', stallBeforeHeaders()],
    ['a stall after the headers', stallAfterHeaders()],
    ['a body that trickles forever', endlessJson(1024, 20)],
  ])('ends at the timeout: %s', async (name, answer) => {
    const { transport } = await transportTo(route, { [artifact]: answer }, { timeout: 500 })
    const figures = await measured(() => transport.request('GET', '/artifact/1/'))
    report(`${route}, ${name}`, figures)
    expect(figures.error).toBeInstanceOf(TimeoutError)
    expect(figures.ms).toBeLessThan(10_000)
  })

  it('ends at the timeout for a list page, with each retry one attempt', async () => {
    const page = { next: null, previous: null, results: [{ id: 1 }] }
    const { transport, hostile } = await transportTo(route, {
      'GET /api/1.0/work-request/': delayed(3_000, json(page)),
    })
    const list = (maxRetries: number): Promise<unknown> =>
      transport
        .list('/work-request/', z.object({ id: z.number() }), { timeout: 150, maxRetries })
        .toArray({ limit: 5 })
    const once = await measured(() => list(0))
    report(`${route}, a list page delayed 3 s past a 150 ms timeout`, once)
    expect(once.error).toBeInstanceOf(TimeoutError)
    // At most one request each attempt (on a busy machine, one may time out before it is sent).
    expect(hostile.requests.length).toBeLessThanOrEqual(1)
    expect((await measured(() => list(1))).error).toBeInstanceOf(TimeoutError)
    expect(hostile.requests.length).toBeLessThanOrEqual(3)
  })

  it('ends at the timeout for the web page that tells the server version', async () => {
    const { transport } = await transportTo(
      route,
      { 'GET /-/login/': endlessJson(1024, 20) },
      { timeout: 500 },
    )
    await expect(transport.capabilities.version()).rejects.toBeInstanceOf(TimeoutError)
  })

  it('is cancelled in the middle of its body when the caller aborts', async () => {
    let closed: Promise<void> | undefined
    const trickle = endlessJson(1024, 20)
    const { transport } = await transportTo(route, {
      [artifact]: (request, response, body) => {
        closed = new Promise((resolve) => response.on('close', () => resolve()))
        trickle(request, response, body)
      },
    })
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('SIGTERM')), 300)
    const figures = await measured(() =>
      transport.request('GET', '/artifact/1/', { signal: controller.signal }),
    )
    report(`${route}, an abort during the body`, figures)
    expect(figures.error).toBeInstanceOf(AbortError)
    // The connection is closed, not left to trickle on.
    await closed
  })
})
