import { ResponseValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { transportFor } from '../test/support/transport-for.js'
import { z } from 'zod'
import { loopbackServers, sendJson, sendProblem } from '../test/support/loopback-server.js'
import { AbortError } from './errors/abort-error.js'
import { ApiError } from './errors/api-error.js'
import { ConnectionError, TimeoutError } from './errors/connection-error.js'
import { BadRequestError, NotFoundError, PermissionDeniedError } from './errors/status-errors.js'
import { keepSlashes, path } from './path.js'
import { Transport } from './transport.js'
import { VERSION } from './version.js'

const serve = loopbackServers()

describe('headers and addresses', () => {
  it('sends Token, X-Debusine-Scope, User-Agent and JSON, never Authorization', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, { ok: true }))
    const transport = transportFor(server, { token: 'abc123', scope: 'debian' })
    await transport.request('POST', '/work-request/', { body: { task_name: 'noop' } })
    const [request] = server.requests
    expect(request?.url).toBe('/api/1.0/work-request/')
    expect(request?.headers['token']).toBe('abc123')
    expect(request?.headers['x-debusine-scope']).toBe('debian')
    expect(request?.headers['user-agent']).toBe(`debusine-ts/${VERSION}`)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers['authorization']).toBeUndefined()
    expect(JSON.parse(request?.body ?? '')).toEqual({ task_name: 'noop' })
  })

  it('sends no Token or scope header when none is configured', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, {}))
    await transportFor(server).request('GET', '/whoami/')
    expect(server.requests[0]?.headers['token']).toBeUndefined()
    expect(server.requests[0]?.headers['x-debusine-scope']).toBeUndefined()
  })

  it('sends the token to the API origin only', async () => {
    const api = await serve(({ response }) => sendJson(response, 200, {}))
    const elsewhere = await serve(({ response }) => sendJson(response, 200, {}))
    const transport = transportFor(api, { token: 'abc123', scope: 'debian' })
    await transport.request('GET', `${elsewhere.origin}/file/`, { headers: { Token: 'forged' } })
    expect(elsewhere.requests[0]?.headers['token']).toBeUndefined()
    expect(elsewhere.requests[0]?.headers['x-debusine-scope']).toBeUndefined()
  })

  it('strips trailing slashes from the api URL and adds the trailing slash to paths', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, {}))
    const transport = new Transport({ apiUrl: `${server.apiUrl}///` })
    await transport.request('GET', '/whoami', { query: { a: 'b c', skipped: undefined } })
    expect(server.requests[0]?.url).toBe('/api/1.0/whoami/?a=b+c')
  })

  it('sends encoded path segments verbatim', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, {}))
    const transport = transportFor(server)
    await transport.request('GET', path`/artifact/${7}/files/${keepSlashes('dir/a@b:c é.txt')}/`)
    await transport.request('GET', path`/collection/${'ws/x'}/${'a:b'}/`)
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/1.0/artifact/7/files/dir/a%40b%3Ac%20%C3%A9.txt/',
      '/api/1.0/collection/ws%2Fx/a%3Ab/',
    ])
  })

  it('builds the other URL families', () => {
    const transport = new Transport({ apiUrl: 'https://debusine.example.org/api/' })
    expect(transport.url('/work-request/42/')).toBe('https://debusine.example.org/api/1.0/work-request/42/')
    expect(transport.unversionedUrl('/enroll/')).toBe('https://debusine.example.org/api/enroll/')
    expect(transport.websocketUrl('/work-request/on-completed/')).toBe(
      'wss://debusine.example.org/api/ws/1.0/work-request/on-completed/',
    )
    expect(transport.webuiUrl('/debian/System/artifact/1/')).toBe(
      'https://debusine.example.org/debian/System/artifact/1/',
    )
  })
})

describe('bodies', () => {
  const Whoami = z.object({ user: z.string(), auth: z.boolean() })

  it('validates the body with the schema', async () => {
    const server = await serve(({ response }) =>
      sendJson(response, 200, { user: 'me', auth: true, extra: 1 }),
    )
    const whoami = await transportFor(server).request('GET', '/whoami/', { schema: Whoami })
    expect(whoami).toEqual({ user: 'me', auth: true })
  })

  it('rejects a body that does not match the schema with ResponseValidationError', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, { user: 3 }))
    const error = await rejection(
      transportFor(server).request('GET', '/whoami/', { schema: Whoami, model: 'Whoami' }),
    )
    expect(ResponseValidationError.isInstance(error)).toBe(true)
    expect(error.message).toMatch(/Whoami.*user/)
  })

  it('rejects a body that is not JSON', async () => {
    const server = await serve(({ response }) => {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      response.end('<html></html>')
    })
    const error = await rejection(transportFor(server).request('GET', '/whoami/'))
    expect(ResponseValidationError.isInstance(error)).toBe(true)
    expect(error.message).toContain('not JSON')
  })

  it('returns undefined for an empty body and checks the expected status', async () => {
    const server = await serve(({ response, index }) => {
      response.writeHead(index === 1 ? 204 : 200)
      response.end()
    })
    const transport = transportFor(server)
    await expect(transport.request('DELETE', '/x/', { expectedStatus: 204 })).resolves.toBeUndefined()
    const error = await rejection(transport.request('DELETE', '/x/', { expectedStatus: 204 }))
    expect(ApiError.isInstance(error) && error.code).toBe('unexpected_status')
  })
})

describe('timeouts and aborts', () => {
  it('turns a per-attempt timeout into TimeoutError, retried for a GET', async () => {
    const server = await serve(() => {})
    const error = await rejection(
      transportFor(server).request('GET', '/whoami/', { timeout: 100, maxRetries: 1 }),
    )
    expect(TimeoutError.isInstance(error)).toBe(true)
    expect(ConnectionError.isInstance(error)).toBe(true)
    expect((error as TimeoutError).timeoutMs).toBe(100)
    expect(server.requests).toHaveLength(2)
  })

  it('times out while reading a slow body', async () => {
    const server = await serve(({ response }) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.write('{"a":')
    })
    const error = await rejection(transportFor(server).request('GET', '/x/', { timeout: 150, maxRetries: 0 }))
    expect(TimeoutError.isInstance(error)).toBe(true)
  })

  it('aborts mid-request: AbortError, and the server sees the socket close', async () => {
    let closed!: () => void
    const socketClosed = new Promise<void>((resolve) => (closed = resolve))
    let received!: () => void
    const requestReceived = new Promise<void>((resolve) => (received = resolve))
    const server = await serve(({ raw }) => {
      raw.socket.once('close', closed)
      received()
    })
    const controller = new AbortController()
    const pending = rejection(transportFor(server).request('GET', '/whoami/', { signal: controller.signal }))
    await requestReceived
    controller.abort()
    const error = await pending
    expect(AbortError.isInstance(error)).toBe(true)
    expect((error as AbortError).isRetryable).toBe(false)
    await socketClosed
  })

  it('aborts the wait between retries', async () => {
    const server = await serve(({ response }) =>
      sendProblem(response, 503, { title: 'Busy' }, { 'Retry-After': '5' }),
    )
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const started = Date.now()
    const error = await rejection(transportFor(server).request('GET', '/x/', { signal: controller.signal }))
    expect(AbortError.isInstance(error)).toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('rejects at once with an already aborted signal', async () => {
    const server = await serve(({ response }) => sendJson(response, 200, {}))
    const error = await rejection(transportFor(server).request('GET', '/x/', { signal: AbortSignal.abort() }))
    expect(AbortError.isInstance(error)).toBe(true)
    expect(server.requests).toHaveLength(0)
  })

  it('leaves no listener on the caller signal after many calls', async () => {
    const server = await serve(({ response, index }) =>
      index % 3 === 0 ? sendProblem(response, 404, { title: 'Nope' }) : sendJson(response, 200, { index }),
    )
    const transport = transportFor(server)
    const controller = new AbortController()
    const signal = controller.signal
    let active = 0
    let added = 0
    const add = signal.addEventListener.bind(signal)
    const remove = signal.removeEventListener.bind(signal)
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      active += 1
      added += 1
      add(...args)
    }) as typeof signal.addEventListener
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      active -= 1
      remove(...args)
    }) as typeof signal.removeEventListener
    for (let call = 0; call < 60; call += 1) {
      await transport.request('GET', '/x/', { signal, maxRetries: 0 }).catch(() => undefined)
    }
    const response = await transport.stream('GET', '/download/', { signal })
    await response.text()
    expect(added).toBeGreaterThanOrEqual(61)
    expect(active).toBe(0)
  })
})

describe('stream', () => {
  it('returns the response with its body as a stream and sends raw bodies', async () => {
    const server = await serve(({ request, response }) => {
      response.writeHead(request.method === 'PUT' ? 206 : 200, { Range: 'bytes=0-3' })
      response.end(request.method === 'PUT' ? '' : 'file content')
    })
    const transport = transportFor(server, { token: 'abc' })
    const download = await transport.stream('GET', '/artifact/1/files/a/')
    expect(await new Response(download.body).text()).toBe('file content')
    const upload = await transport.stream('PUT', path`/artifact/${1}/files/${keepSlashes('d/f')}/`, {
      body: new TextEncoder().encode('abcd'),
      headers: { 'Content-Range': 'bytes 0-3/8' },
      expectedStatus: [200, 201, 206],
    })
    expect(upload.status).toBe(206)
    expect(upload.headers.get('range')).toBe('bytes=0-3')
    expect(server.requests[1]).toMatchObject({
      method: 'PUT',
      body: 'abcd',
      url: '/api/1.0/artifact/1/files/d/f/',
    })
    expect(server.requests[1]?.headers['content-range']).toBe('bytes 0-3/8')
    expect(server.requests[1]?.headers['token']).toBe('abc')
  })

  it('maps an error status to the error classes', async () => {
    const server = await serve(({ response }) => sendProblem(response, 409, { title: 'Invalid file hash' }))
    const error = await rejection(transportFor(server).stream('PUT', '/artifact/1/files/a/', { body: 'x' }))
    expect(ApiError.isInstance(error) && error.code).toBe('conflict')
    expect(server.requests).toHaveLength(1)
  })

  it('surfaces an abort while reading the body as AbortError', async () => {
    const server = await serve(({ response }) => {
      response.writeHead(200)
      response.write('first')
    })
    const controller = new AbortController()
    const response = await transportFor(server).stream('GET', '/download/', { signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort()
    const error = await rejection(reader.read())
    expect(AbortError.isInstance(error)).toBe(true)
  })
})

describe('error mapping', () => {
  it('parses problem+json with validation_errors and an object detail', async () => {
    const server = await serve(({ response }) =>
      sendProblem(response, 400, {
        title: 'Cannot deserialize work request',
        detail: { task_name: ['This field is required.'] },
        validation_errors: { task_name: ['This field is required.'], non_field_errors: 'bad' },
      }),
    )
    const error = await rejection(transportFor(server).request('POST', '/work-request/', { body: {} }))
    expect(BadRequestError.isInstance(error)).toBe(true)
    const badRequest = error as BadRequestError
    expect(badRequest).toMatchObject({
      status: 400,
      code: 'bad_request',
      method: 'POST',
      title: 'Cannot deserialize work request',
      detail: { task_name: ['This field is required.'] },
      validationErrors: { task_name: ['This field is required.'], non_field_errors: ['bad'] },
      isRetryable: false,
    })
    expect(badRequest.url).toBe(`${server.apiUrl}/1.0/work-request/`)
    expect(badRequest.message).toContain('task_name: This field is required.')
  })

  it('says an HTML 404 probably means an unknown scope', async () => {
    const server = await serve(({ response }) => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end('<!doctype html><html><body><h1>Not Found</h1></body></html>')
    })
    const error = await rejection(transportFor(server, { scope: 'nosuchscope' }).request('GET', '/whoami/'))
    expect(NotFoundError.isInstance(error)).toBe(true)
    expect((error as NotFoundError).title).toBe('Not Found')
    expect(error.message).toContain('unknown scope?')
    expect(error.message).toContain('"nosuchscope"')
  })

  it('says a 403 for an anonymous request means a missing, invalid or disabled token', async () => {
    const server = await serve(({ response }) =>
      sendProblem(response, 403, { title: 'Error', detail: 'Authentication credentials were not provided.' }),
    )
    const withToken = await rejection(
      transportFor(server, { token: 'bad' }).request('POST', '/x/', { body: {} }),
    )
    expect(PermissionDeniedError.isInstance(withToken)).toBe(true)
    expect(withToken.message).toContain('missing, invalid or disabled')
    const withoutToken = await rejection(transportFor(server).request('POST', '/x/', { body: {} }))
    expect(withoutToken.message).toContain('No token is configured')
  })

  it('handles a plain-text 403 from the middleware', async () => {
    const server = await serve(({ response }) => {
      response.writeHead(403, { 'Content-Type': 'text/plain' })
      response.end('Work request is not running')
    })
    const error = await rejection(transportFor(server, { token: 'token-42' }).request('GET', '/x/'))
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect((error as PermissionDeniedError).detail).toBe('Work request is not running')
    expect(error.message).toContain('before the API saw it')
  })

  it('redacts query secrets from the error URL', async () => {
    const server = await serve(({ response }) => sendProblem(response, 404, { title: 'Nope' }))
    const error = await rejection(
      transportFor(server).request('GET', '/x/', { query: { token: 'hunter2', author: 'me' } }),
    )
    expect((error as NotFoundError).url).toBe(`${server.apiUrl}/1.0/x/?token=%5BREDACTED%5D&author=me`)
  })
})
