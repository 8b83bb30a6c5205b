import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  deadOrigin,
  sendJson,
  sendProblem,
  startServer,
  type LoopbackServer,
} from '../test/support/loopback-server.js'
import type { Logger } from './logger.js'
import { ValidationError } from '@debusine-ts/models'
import { checkCleartextApiUrl } from './address.js'
import { redactText, redactValue, REDACTED } from './redact.js'
import { Transport } from './transport.js'

const TOKEN = 'f00dcafe0123456789abcdefTOKENSECRET0123456789abcdef0123456789ab'

let server: LoopbackServer
const logged: unknown[] = []
const logger: Logger = {
  debug: (...args) => logged.push(args),
  info: (...args) => logged.push(args),
  warn: (...args) => logged.push(args),
  error: (...args) => logged.push(args),
}

beforeAll(async () => {
  server = await startServer(({ request, response, raw }) => {
    const kind = request.url.split('/')[3] ?? ''
    const echo = `token ${String(request.headers['token'])} was refused`
    switch (kind) {
      case 'html':
        response.writeHead(404, { 'Content-Type': 'text/html' })
        response.end(`<html>${echo}</html>`)
        return
      case 'text':
        response.writeHead(403, { 'Content-Type': 'text/plain' })
        response.end(echo)
        return
      case 'hang':
        return
      case 'drop':
        raw.socket.destroy()
        return
      case 'invalid':
        sendJson(response, 200, { user: echo })
        return
      case 'not-json':
        response.writeHead(200, { 'Content-Type': 'text/plain' })
        response.end(echo)
        return
      case 'page':
        sendJson(response, 200, { next: null, results: [{ user: echo }] })
        return
      default:
        sendProblem(
          response,
          Number(kind),
          { title: echo, detail: { reason: [echo] }, validation_errors: { field: [echo] } },
          { 'Retry-After': '0' },
        )
    }
  })
})

afterAll(() => server.close())

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

function expectNoToken(error: unknown): void {
  expect(error).toBeInstanceOf(Error)
  const err = error as Error
  for (const text of [
    JSON.stringify(error),
    err.message,
    String(error),
    err.stack ?? '',
    inspect(error, { depth: Infinity }),
    inspect(error, { depth: Infinity, showHidden: true }),
  ]) {
    expect(text).not.toContain(TOKEN)
  }
}

describe('the token never leaks', () => {
  const Whoami = z.object({ user: z.number() })
  const cases: [string, (transport: Transport) => Promise<unknown>][] = [
    ...[400, 401, 403, 404, 409, 413, 418, 429, 500, 503].map(
      (status) =>
        [
          `problem ${status}`,
          (transport: Transport) => transport.request('POST', `/${status}/`, { body: {} }),
        ] as [string, (transport: Transport) => Promise<unknown>],
    ),
    ['HTML 404', (transport) => transport.request('GET', '/html/')],
    ['plain-text 403', (transport) => transport.request('GET', '/text/')],
    ['timeout', (transport) => transport.request('GET', '/hang/', { timeout: 50 })],
    ['abort', (transport) => transport.request('GET', '/hang/', { signal: AbortSignal.timeout(50) })],
    ['connection reset', (transport) => transport.request('GET', '/drop/')],
    ['invalid body', (transport) => transport.request('GET', '/invalid/', { schema: Whoami })],
    ['body not JSON', (transport) => transport.request('GET', '/not-json/')],
    ['invalid page item', (transport) => transport.list('/page/', Whoami).toArray({ limit: 1 })],
    ['stream error', (transport) => transport.stream('GET', '/404/')],
    ['query secret', (transport) => transport.request('GET', '/404/', { query: { token: TOKEN } })],
  ]

  it.each(cases)('%s', async (_name, provoke) => {
    logged.length = 0
    const transport = new Transport({
      apiUrl: server.apiUrl,
      token: TOKEN,
      scope: 'debian',
      logger,
      maxRetries: 1,
      retryDelays: { initialMs: 1, maxMs: 1, maxRetryAfterMs: 1 },
    })
    expectNoToken(await failure(provoke(transport)))
    expect(logged.length).toBeGreaterThan(0)
    expect(inspect(logged, { depth: Infinity })).not.toContain(TOKEN)
    expect(inspect(transport, { depth: Infinity })).not.toContain(TOKEN)
    expect(JSON.stringify(transport)).not.toContain(TOKEN)
  })

  it('connection refused', async () => {
    const transport = new Transport({
      apiUrl: `${await deadOrigin()}/api`,
      token: TOKEN,
      logger,
      maxRetries: 0,
    })
    expectNoToken(await failure(transport.request('POST', '/work-request/', { body: {} })))
    expect(inspect(logged, { depth: Infinity })).not.toContain(TOKEN)
  })
})

describe('redaction spares what is not a secret', () => {
  it('leaves secrets shorter than 8 characters alone, so a mistyped token does not garble messages', () => {
    expect(redactText('no route to host', 'o')).toBe('no route to host')
    expect(redactText('token 1234567 refused', '1234567')).toBe('token 1234567 refused')
    expect(redactText('token 12345678 refused', '12345678')).toBe(`token ${REDACTED} refused`)
  })

  it('never rewrites object keys, so no field is renamed or dropped', () => {
    const secret = 'abcdefgh'
    const value = { [`${secret}-1`]: 'one', [`${secret}-2`]: `two ${secret}`, nested: [{ [secret]: secret }] }
    expect(redactValue(value, secret)).toEqual({
      [`${secret}-1`]: 'one',
      [`${secret}-2`]: `two ${REDACTED}`,
      nested: [{ [secret]: REDACTED }],
    })
  })

  it("keeps the server's words in an error when the token is a single letter", async () => {
    const transport = new Transport({ apiUrl: server.apiUrl, token: 'o', scope: 'debian', maxRetries: 0 })
    const error = (await failure(transport.request('POST', '/400/', { body: {} }))) as Error
    expect(error.message).toContain('token o was refused')
    expect(JSON.stringify(error)).not.toContain(REDACTED)
  })
})

describe('a token about to go in clear text', () => {
  it.each([
    'https://debusine.example.org/api',
    'http://localhost:8000/api',
    'http://127.0.0.1:8011/api',
    'http://127.1.2.3/api',
    'http://[::1]:8000/api',
    'http://app.localhost/api',
  ])('is no concern for %s', (apiUrl) => {
    expect(checkCleartextApiUrl(apiUrl, 'refuse')).toBeUndefined()
  })

  it.each([
    'http://debusine.example.org/api',
    'http://10.0.0.1:8000/api',
    'http://[fe80::1]/api',
    'http://localhost.example.org/api',
  ])('warns for %s in one line, or refuses when asked', (apiUrl) => {
    const warning = checkCleartextApiUrl(apiUrl, 'warn')
    expect(warning).toMatch(/^the token is sent in clear text to http:\/\/\S+\/api: use an https:\/\/ URL$/)
    expect(() => checkCleartextApiUrl(apiUrl, 'refuse')).toThrow(ValidationError)
    expect(() => checkCleartextApiUrl(apiUrl, 'refuse')).toThrow(/clear text .* refused/)
  })
})
