import { ResponseValidationError, ValidationError } from '@debusine-ts/models'
import { AbortError, BadRequestError, ConnectionError } from '@debusine-ts/transport'
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
// The suite's one loopback test server (the transport's test support).
import {
  loopbackServers,
  type LoopbackServer,
  type RecordedRequest,
} from '../../transport/test/support/loopback-server.js'
import { streamAnswer } from '../test/support/stream-answer.js'
import { enroll, type ConfirmationPending, type EnrollOptions } from './enroll.js'
import { EnrollmentCancelledError } from './errors/enrollment-cancelled-error.js'
import { EnrollmentTimeoutError } from './errors/enrollment-timeout-error.js'

const token = 'a'.repeat(64)
const confirmAnswer = JSON.stringify({ outcome: 'confirm', token })

type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>

/** A loopback server that also notes when each request arrived and when its connection closed. */
interface EnrollmentServer extends LoopbackServer {
  /** `Date.now()` when request `index` (0-based) had arrived whole. */
  arrivals: number[]
  /** Resolves when the connection of request `index` (0-based) closed, by either side. */
  closedConnection: (index: number) => Promise<void>
}

const startServer = loopbackServers()

async function serve(handler: Handler): Promise<EnrollmentServer> {
  const arrivals: number[] = []
  const closings: Promise<void>[] = []
  const server = await startServer(({ request, raw, response }) => {
    arrivals.push(Date.now())
    const { socket } = raw
    closings.push(
      new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve()))),
    )
    return handler(request, response)
  })
  const closedConnection = (index: number): Promise<void> =>
    closings[index] ?? Promise.reject(new Error(`no request ${index}`))
  return Object.assign(server, { arrivals, closedConnection })
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

function enrollAt(server: EnrollmentServer, options: EnrollOptions = {}): ReturnType<typeof enroll> {
  return enroll({ apiUrl: server.apiUrl, scope: 'debusine', hostname: 'unit-host' }, options)
}

describe('enroll', () => {
  it('reads keep-alive newlines, then the JSON answer, and returns the token', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 3, everyMs: 30, final: confirmAnswer }),
    )
    let pending: (ConfirmationPending & { at: number }) | undefined
    const result = await enrollAt(server, {
      onConfirmationPending: (value) => {
        pending = { ...value, at: Date.now() }
      },
    })
    expect(result.token).toBe(token)

    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/enroll/')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers['token']).toBeUndefined()
    expect(request?.headers['x-debusine-scope']).toBeUndefined()
    const body = JSON.parse(request?.body ?? '') as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['challenge', 'hostname', 'nonce', 'scope'])
    expect(body).toMatchObject({ scope: 'debusine', hostname: 'unit-host' })
    expect(body['nonce']).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(body['challenge']?.split(' ')).toHaveLength(6)

    // The callback ran before the request was sent, with what the page will show.
    expect(pending).toBeDefined()
    expect(pending!.at).toBeLessThanOrEqual(server.arrivals[0]!)
    expect(pending).toMatchObject({
      confirmUrl: `${server.origin}/-/enroll/confirm/${body['nonce']}/`,
      challenge: body['challenge'],
      hostname: 'unit-host',
      scope: 'debusine',
    })
    expect(result).toEqual({ token, confirmUrl: pending!.confirmUrl, challenge: body['challenge'] })
  })

  it('keeps waiting past the idle timeout as long as keep-alives arrive', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 8, everyMs: 60, final: confirmAnswer }),
    )
    const started = Date.now()
    const result = await enrollAt(server, { idleTimeout: 250 })
    expect(result.token).toBe(token)
    expect(Date.now() - started).toBeGreaterThan(500)
  })

  it('waits past the idle timeout for a server that sends no keep-alives (0.11) until its answer', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 0, everyMs: 500, final: confirmAnswer }),
    )
    const result = await enrollAt(server, { idleTimeout: 200 })
    expect(result.token).toBe(token)
  })

  it('fails with an idle EnrollmentTimeoutError when even the keep-alives stop', async () => {
    const server = await serve((_request, response) => streamAnswer(response, { keepAlives: 2, everyMs: 40 }))
    const error = await rejection(enrollAt(server, { idleTimeout: 200 }))
    expect(EnrollmentTimeoutError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({
      kind: 'idle',
      timeoutMs: 200,
      code: 'enrollment_timeout',
      isRetryable: true,
    })
    expect((error as Error).message).toMatch(/sent nothing, not even a keep-alive, for 200 ms/)
    // The connection is given up, not left hanging.
    await server.closedConnection(0)
  })

  it('waits for headers that never come until the overall timeout (0.11 sends them with the answer)', async () => {
    const server = await serve(() => undefined)
    const error = await rejection(enrollAt(server, { timeout: 500, idleTimeout: 150 }))
    expect(error).toMatchObject({ name: 'EnrollmentTimeoutError', kind: 'overall' })
  })

  it('fails with an overall EnrollmentTimeoutError when nobody answers in time', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 1000, everyMs: 30 }),
    )
    const started = Date.now()
    const error = await rejection(enrollAt(server, { timeout: 400, idleTimeout: 200 }))
    expect(EnrollmentTimeoutError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'overall', timeoutMs: 400, isRetryable: false })
    expect((error as Error).message).toMatch(/Nobody confirmed the enrollment within 400 ms/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(390)
    await server.closedConnection(0)
  })

  it('rejects with AbortError when the signal aborts during the wait', async () => {
    const controller = new AbortController()
    // Aborted once the server holds the request: the client is then waiting for the answer.
    const server = await serve((_request, response) => {
      const answering = streamAnswer(response, { keepAlives: 1000, everyMs: 30 })
      controller.abort()
      return answering
    })
    const error = await rejection(enrollAt(server, { signal: controller.signal }))
    expect(AbortError.isInstance(error)).toBe(true)
    expect(EnrollmentTimeoutError.isInstance(error)).toBe(false)
    await server.closedConnection(0)
  })

  it('sends nothing and calls nothing when the signal is already aborted', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 0, everyMs: 1, final: confirmAnswer }),
    )
    let called = false
    const error = await rejection(
      enrollAt(server, { signal: AbortSignal.abort(), onConfirmationPending: () => void (called = true) }),
    )
    expect(AbortError.isInstance(error)).toBe(true)
    expect(called).toBe(false)
    expect(server.requests).toHaveLength(0)
  })

  it('rejects with EnrollmentCancelledError when the user cancelled', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 1, everyMs: 20, final: '{"outcome": "cancel", "token": null}' }),
    )
    const error = await rejection(enrollAt(server))
    expect(EnrollmentCancelledError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ code: 'enrollment_cancelled', hostname: 'unit-host', isRetryable: false })
    expect((error as Error).message).toMatch(/"unit-host" was cancelled in the web UI/)
  })

  it('turns the server’s 400 problem into a BadRequestError carrying its title', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(400, { 'Content-Type': 'application/problem+json' })
      response.end(JSON.stringify({ title: 'duplicate or invalid request received' }))
    })
    const error = await rejection(enrollAt(server))
    expect(BadRequestError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ status: 400, title: 'duplicate or invalid request received' })
    expect((error as Error).message).toContain('duplicate or invalid request received')
    // A POST the server answered is never sent twice.
    expect(server.requests).toHaveLength(1)
  })

  it.each([
    ['not JSON', '\n\n{"outcome": "confirm", ', 'invalid_json'],
    ['empty', '\n\n', 'invalid_json'],
    ['an unknown outcome', '{"outcome": "maybe", "token": null}', 'invalid_value'],
    ['an unknown field', `{"outcome": "confirm", "token": "${token}", "extra": 1}`, 'unrecognized_keys'],
    ['a confirmation without a token', '{"outcome": "confirm", "token": null}', 'required'],
  ])('rejects an answer that is %s with ResponseValidationError', async (_label, final, rule) => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 1, everyMs: 10, final }),
    )
    const error = await rejection(enrollAt(server))
    expect(ResponseValidationError.isInstance(error)).toBe(true)
    expect((error as ResponseValidationError).issues.map((issue) => issue.rule)).toContain(rule)
    // The token never sits in the error's copy of the body.
    expect(JSON.stringify((error as ResponseValidationError).body)).not.toContain(token)
  })

  it('refuses an endless answer instead of growing without bound', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(' '.repeat(70 * 1024) + confirmAnswer)
    })
    const error = await rejection(enrollAt(server))
    expect(error).toMatchObject({ name: 'ResponseValidationError' })
    expect((error as ResponseValidationError).issues[0]?.rule).toBe('too_big')
  })

  it('validates the payload before anything is sent', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 0, everyMs: 1, final: confirmAnswer }),
    )
    const error = await rejection(
      enroll({
        apiUrl: server.apiUrl,
        scope: 's',
        hostname: 'h',
        challenge: 'too short',
        nonce: 'bad nonce!',
      }),
    )
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual([
      'challenge',
      'nonce',
    ])
    const optionError = await rejection(enrollAt(server, { idleTimeout: 0 }))
    expect(optionError).toMatchObject({ name: 'ValidationError' })
    expect((optionError as ValidationError).issues[0]?.path).toBe('idleTimeout')
    expect(server.requests).toHaveLength(0)
  })

  it('sends the given nonce and challenge as they are', async () => {
    const server = await serve((_request, response) =>
      streamAnswer(response, { keepAlives: 0, everyMs: 1, final: confirmAnswer }),
    )
    const nonce = 'fixed_nonce-0123456789'
    const challenge = 'apple banana cherry dates'
    const result = await enroll({ apiUrl: `${server.apiUrl}/`, scope: 's', hostname: 'h', nonce, challenge })
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      nonce,
      challenge,
      scope: 's',
      hostname: 'h',
    })
    expect(result.confirmUrl).toBe(`${server.origin}/-/enroll/confirm/${nonce}/`)
  })

  it('reports a server that closes the connection mid-answer as a ConnectionError', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      // Closed once the first byte of the answer is on its way.
      response.write('\n', () => response.destroy())
    })
    const error = await rejection(enrollAt(server))
    expect(ConnectionError.isInstance(error)).toBe(true)
  })
})
