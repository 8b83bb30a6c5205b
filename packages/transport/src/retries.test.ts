import { describe, expect, it } from 'vitest'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { fast, transportFor } from '../test/support/transport-for.js'
import { deadOrigin, loopbackServers, sendJson, sendProblem } from '../test/support/loopback-server.js'
import { ConnectionError, TimeoutError } from './errors/connection-error.js'
import { RateLimitError, ServerError } from './errors/status-errors.js'
import type { Logger } from './logger.js'
import { Transport } from './transport.js'

const serve = loopbackServers()

function recordingLogger(): Logger & { lines: { level: string; message: string; fields?: unknown }[] } {
  const lines: { level: string; message: string; fields?: unknown }[] = []
  const record =
    (level: string) =>
    (message: string, fields?: unknown): void => {
      lines.push({ level, message, fields })
    }
  return { lines, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') }
}

describe('retries', () => {
  it('retries a GET on 503 then succeeds', async () => {
    const server = await serve(({ response, index }) =>
      index < 3 ? sendProblem(response, 503, { title: 'Busy' }) : sendJson(response, 200, { ok: true }),
    )
    await expect(transportFor(server).request('GET', '/whoami/')).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(3)
  })

  it('gives up after maxRetries with a ServerError that counts the attempts', async () => {
    const server = await serve(({ response }) => sendProblem(response, 502, { title: 'Bad gateway' }))
    const error = await rejection(transportFor(server).request('GET', '/whoami/', { maxRetries: 1 }))
    expect(ServerError.isInstance(error)).toBe(true)
    expect((error as ServerError).isRetryable).toBe(true)
    expect(error.message).toContain('after 2 attempts')
    expect(server.requests).toHaveLength(2)
  })

  it('honours Retry-After in seconds', async () => {
    const server = await serve(({ response, index }) =>
      index === 1
        ? sendProblem(response, 429, { title: 'Slow down' }, { 'Retry-After': '1' })
        : sendJson(response, 200, {}),
    )
    const started = Date.now()
    await transportFor(server).request('GET', '/whoami/')
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(server.requests).toHaveLength(2)
  })

  it('honours Retry-After as an HTTP date, capped by maxRetryAfterMs', async () => {
    const server = await serve(({ response, index }) =>
      index === 1
        ? sendProblem(
            response,
            503,
            { title: 'Maintenance' },
            { 'Retry-After': new Date(Date.now() + 3_600_000).toUTCString() },
          )
        : sendJson(response, 200, {}),
    )
    const started = Date.now()
    await transportFor(server, { retryDelays: { ...fast, maxRetryAfterMs: 300 } }).request('GET', '/whoami/')
    const elapsed = Date.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(280)
    expect(elapsed).toBeLessThan(3_000)
  })

  it('reports a RateLimitError with retryAfter when retries run out', async () => {
    const server = await serve(({ response }) =>
      sendProblem(response, 429, { title: 'Slow down' }, { 'Retry-After': '0' }),
    )
    const error = await rejection(transportFor(server).request('GET', '/whoami/', { maxRetries: 0 }))
    expect(RateLimitError.isInstance(error) && error.retryAfter).toBe(0)
  })

  it('does not retry a POST on 500', async () => {
    const server = await serve(({ response }) => sendProblem(response, 500, { title: 'Oops' }))
    const error = await rejection(transportFor(server).request('POST', '/work-request/', { body: {} }))
    expect(ServerError.isInstance(error)).toBe(true)
    expect(server.requests).toHaveLength(1)
  })

  it('retries a POST marked idempotent', async () => {
    const server = await serve(({ response, index }) =>
      index === 1 ? sendProblem(response, 500, { title: 'Oops' }) : sendJson(response, 200, {}),
    )
    await transportFor(server).request('POST', '/lookup/single/', { body: {}, idempotent: true })
    expect(server.requests).toHaveLength(2)
  })

  it('retries a POST when the connection is refused, since nothing was sent', async () => {
    const logger = recordingLogger()
    const transport = new Transport({ apiUrl: `${await deadOrigin()}/api`, retryDelays: fast, logger })
    const error = await rejection(transport.request('POST', '/work-request/', { body: {} }))
    expect(ConnectionError.isInstance(error)).toBe(true)
    expect(TimeoutError.isInstance(error)).toBe(false)
    expect((error as ConnectionError).requestSent).toBe(false)
    expect(error.message).toMatch(/connection refused \(ECONNREFUSED\).*after 3 attempts/)
    expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(2)
  })

  it('does not retry a POST whose connection dropped after sending', async () => {
    const server = await serve(({ raw }) => {
      raw.socket.destroy()
    })
    const error = await rejection(transportFor(server).request('POST', '/work-request/', { body: {} }))
    expect(ConnectionError.isInstance(error) && error.requestSent).toBe(true)
    expect(server.requests).toHaveLength(1)
  })

  it('maps a body cut short to ConnectionError, and retries a GET', async () => {
    const server = await serve(({ raw, response, index }) => {
      if (index === 1) {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' })
        response.write('{"partial":', () => raw.socket.destroy())
      } else sendJson(response, 200, { whole: true })
    })
    await expect(transportFor(server).request('GET', '/x/')).resolves.toEqual({ whole: true })
    expect(server.requests).toHaveLength(2)
    const cutting = await serve(({ raw, response }) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' })
      response.write('{"partial":', () => raw.socket.destroy())
    })
    const error = await rejection(transportFor(cutting).request('POST', '/x/', { body: {} }))
    expect(ConnectionError.isInstance(error) && error.requestSent).toBe(true)
    expect(cutting.requests).toHaveLength(1)
  })

  it('retries a GET whose connection dropped', async () => {
    const server = await serve(({ raw, response, index }) => {
      if (index === 1) raw.socket.destroy()
      else sendJson(response, 200, {})
    })
    await transportFor(server).request('GET', '/whoami/')
    expect(server.requests).toHaveLength(2)
  })
})
