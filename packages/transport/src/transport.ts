import { parseResponse, ResponseValidationError, SdkError, ValidationError } from '@debusine-ts/models'
import ky, { type KyInstance } from 'ky'
import {
  normalizeApiUrl,
  unversionedUrl as buildUnversionedUrl,
  versionedUrl,
  webuiUrl as buildWebuiUrl,
  websocketUrl as buildWebsocketUrl,
} from './address.js'
import { AbortError } from './errors/abort-error.js'
import type { ApiError } from './errors/api-error.js'
import { ConnectionError, TimeoutError } from './errors/connection-error.js'
import { attemptSignal, sleep, type AttemptSignal } from './internal/abort.js'
import { errorFromResponse } from './internal/error-from-response.js'
import { describeNetworkFailure } from './internal/network-failure.js'
import { redactUrl, redactValue } from './internal/redact.js'
import { silentLogger, type Logger } from './logger.js'
import { parsePage, type Page } from './page.js'
import { PagedList } from './paged-list.js'
import type { RequestOptions } from './request-options.js'
import {
  defaultRetryDelays,
  isRepeatable,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  type RetryDelays,
} from './retry-policy.js'
import { VERSION } from './version.js'

/** A zod schema, as accepted by `parseResponse` of `@debusine-ts/models`. */
export type ResponseSchema = Parameters<typeof parseResponse>[1]

/** The type of the values a {@link ResponseSchema} produces. */
export type SchemaOutput<Schema extends ResponseSchema> = ReturnType<typeof parseResponse<Schema>>

/** Query parameters; `undefined` and `null` values are left out. */
export type QueryParameters = Readonly<Record<string, string | number | boolean | null | undefined>>

/** The fetch function the transport calls (through ky). */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** How to reach a Debusine server. */
export interface TransportConfig {
  /** The server's `/api` URL, e.g. `https://debusine.debian.net/api` (trailing slashes ignored). */
  apiUrl: string
  /** The API token, sent as the `Token` header to the API's origin only. */
  token?: string | undefined
  /** The scope, sent as `X-Debusine-Scope`; the server's default scope when unset. */
  scope?: string | undefined
  /** The fetch implementation; defaults to the global `fetch`. */
  fetch?: FetchFunction | undefined
  /** Default per-attempt timeout in milliseconds; default 30 000. */
  timeout?: number | undefined
  /** Default number of retries; default 2. */
  maxRetries?: number | undefined
  /** `User-Agent` header; default `debusine-ts/<version>`. Browsers do not let us set it. */
  userAgent?: string | undefined
  /** Where to report requests and retries; default silent. */
  logger?: Logger | undefined
  /** The delays between retries. */
  retryDelays?: Partial<RetryDelays> | undefined
}

/** Options of {@link Transport.request}. */
export interface JsonRequestOptions<Schema extends ResponseSchema = ResponseSchema> extends RequestOptions {
  /** The body, sent as JSON. */
  body?: unknown
  /** Query parameters. */
  query?: QueryParameters | undefined
  /** Validates the response body; without it the parsed JSON is returned as `unknown`. */
  schema?: Schema | undefined
  /** The name of the expected model, for error messages; default `response`. */
  model?: string | undefined
  /** The statuses that mean success; default any 2xx. */
  expectedStatus?: number | readonly number[] | undefined
  /**
   * Whether the request may be sent again after it may have reached the server. Defaults
   * to true for GET, HEAD, OPTIONS, PUT, DELETE, PATCH and false for POST.
   */
  idempotent?: boolean | undefined
}

/** Options of {@link Transport.stream}. */
export interface StreamRequestOptions extends RequestOptions {
  /**
   * The body, sent as is. A `ReadableStream` body is never retried (it cannot be replayed);
   * pass bytes or a `Blob` for a body that may be retried.
   */
  body?: BodyInit | null | undefined
  /** Query parameters. */
  query?: QueryParameters | undefined
  /** The statuses that mean success; default any 2xx. */
  expectedStatus?: number | readonly number[] | undefined
  /** As in {@link JsonRequestOptions.idempotent}; a chunk PUT with `Content-Range` is. */
  idempotent?: boolean | undefined
}

/** Options of {@link Transport.list}. */
export interface ListOptions extends RequestOptions {
  /** Query parameters of the first page (later pages use the server's `next` URL as is). */
  query?: QueryParameters | undefined
  /** The name of the item model, for error messages; default `item`. */
  model?: string | undefined
}

const defaultTimeoutMs = 30_000
const defaultMaxRetries = 2
const jsonAccept = 'application/json, application/problem+json;q=0.9'

// Browsers refuse to let scripts set User-Agent: there we do not try.
const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined'

interface Exchange<Result> {
  method: string
  url: string
  headers: Headers
  body: BodyInit | null | undefined
  options: RequestOptions
  expectedStatus: number | readonly number[] | undefined
  repeatable: boolean
  /** Whether the body can be sent more than once. */
  replayable: boolean
  /** Reads the successful response; owns `attempt` when `ownsAttempt` is true. */
  onSuccess: (response: Response, attempt: AttemptSignal) => Promise<Result>
  /** Whether `onSuccess` takes over releasing the attempt (streamed bodies). */
  ownsAttempt: boolean
}

type AttemptOutcome<Result> =
  | { ok: true; value: Result }
  | { ok: false; error: Error; retryable: boolean; retryAfterMs: number | undefined }

function isExpected(status: number, expected: number | readonly number[] | undefined): boolean {
  if (expected === undefined) return status >= 200 && status <= 299
  return typeof expected === 'number' ? status === expected : expected.includes(status)
}

function withQuery(url: string, query: QueryParameters | undefined): string {
  if (query === undefined) return url
  const parsed = new URL(url)
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) parsed.searchParams.append(name, String(value))
  }
  return parsed.href
}

function checkCount(name: string, value: number, allowInfinity: boolean): number {
  if (!(value >= 0 && (Number.isInteger(value) || (allowInfinity && value === Infinity)))) {
    throw new ValidationError('RequestOptions', [
      {
        path: name,
        rule: 'invalid_number',
        message: `expected a non-negative integer, got ${String(value)}`,
      },
    ])
  }
  return value
}

/**
 * The HTTP layer of the suite: builds URLs, sends the `Token`, `X-Debusine-Scope` and
 * `User-Agent` headers, maps failures to the error classes, retries what is safe to
 * retry, applies timeouts and aborts, validates bodies, and follows pagination.
 *
 * @example
 * import { Transport, path } from '@debusine-ts/transport'
 *
 * const transport = new Transport({ apiUrl: 'https://debusine.debian.net/api', token, scope: 'debian' })
 * const whoami = await transport.request('GET', '/whoami/')
 * const workRequest = await transport.request('GET', path`/work-request/${42}/`, { schema: WorkRequestSchema })
 */
export class Transport {
  /** The normalized `/api` URL, without trailing slash. */
  readonly apiUrl: string
  /** The scope sent as `X-Debusine-Scope`, if any. */
  readonly scope: string | undefined
  readonly #token: string | undefined
  readonly #origin: string
  readonly #ky: KyInstance
  readonly #timeout: number
  readonly #maxRetries: number
  readonly #userAgent: string
  readonly #logger: Logger
  readonly #retryDelays: RetryDelays

  /**
   * @throws {ValidationError} when `apiUrl` is not an http(s) URL, or a number is invalid
   */
  constructor(config: TransportConfig) {
    this.apiUrl = normalizeApiUrl(config.apiUrl)
    this.#origin = new URL(this.apiUrl).origin
    this.scope = config.scope === '' ? undefined : config.scope
    this.#token = config.token === '' ? undefined : config.token
    this.#timeout = checkCount('timeout', config.timeout ?? defaultTimeoutMs, true)
    this.#maxRetries = checkCount('maxRetries', config.maxRetries ?? defaultMaxRetries, false)
    this.#userAgent = config.userAgent ?? `debusine-ts/${VERSION}`
    this.#logger = config.logger ?? silentLogger
    this.#retryDelays = { ...defaultRetryDelays, ...config.retryDelays }
    this.#ky = ky.create({
      // @NOTE Retries, timeouts and error mapping are ours (see README): ky only sends.
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
    })
  }

  /** Whether a token is configured (the token itself is never exposed). */
  get hasToken(): boolean {
    return this.#token !== undefined
  }

  /**
   * The absolute URL of a versioned API path, e.g. `/work-request/42/` →
   * `{apiUrl}/1.0/work-request/42/`. Absolute URLs are returned unchanged.
   *
   * @example
   * transport.url(path`/artifact/${id}/`)
   */
  url(path: string, query?: QueryParameters): string {
    return withQuery(/^https?:\/\//i.test(path) ? path : versionedUrl(this.apiUrl, path), query)
  }

  /**
   * The absolute URL of an unversioned API path, e.g. `/enroll/` → `{apiUrl}/enroll/`.
   */
  unversionedUrl(path: string): string {
    return buildUnversionedUrl(this.apiUrl, path)
  }

  /**
   * A browser URL for a server-relative web UI path (a `url` field or a `links` href).
   *
   * @example
   * transport.webuiUrl(artifact.url) // 'https://debusine.debian.net/debian/developers/artifact/7/'
   */
  webuiUrl(path: string): string {
    return buildWebuiUrl(this.apiUrl, path)
  }

  /**
   * The `ws:`/`wss:` URL of a websocket endpoint, e.g. `/work-request/on-completed/` →
   * `wss://host/api/ws/1.0/work-request/on-completed/`.
   */
  websocketUrl(path: string): string {
    return buildWebsocketUrl(this.apiUrl, path)
  }

  /**
   * The headers of a websocket handshake to this server: `Token` (when configured) and
   * `User-Agent` (outside browsers). For websocket handshakes only: HTTP requests get their
   * headers from the transport itself. Never log the result.
   *
   * @example
   * new WebSocket(transport.websocketUrl('/work-request/on-completed/'), {
   *   headers: transport.websocketHandshakeHeaders(),
   * })
   */
  websocketHandshakeHeaders(): Record<string, string> {
    const headers: Record<string, string> = {}
    if (!inBrowser) headers['User-Agent'] = this.#userAgent
    if (this.#token !== undefined) headers.Token = this.#token
    return headers
  }

  /**
   * Send a JSON request and return its parsed body: validated with `schema` when given,
   * `undefined` when the body is empty.
   *
   * @param path a versioned API path (see {@link Transport.url}) or an absolute URL
   * @throws {ApiError} (a subclass for the common statuses) when the server answers with an unexpected status
   * @throws {ResponseValidationError} when the body is not JSON or does not match `schema`
   * @throws {ConnectionError} when no answer arrived ({@link TimeoutError} when in time)
   * @throws {AbortError} when `signal` aborted
   * @example
   * const created = await transport.request('POST', '/work-request/', {
   *   body: { task_name: 'noop', task_data: {}, workspace: 'System' },
   *   schema: WorkRequestSchema,
   *   expectedStatus: 200,
   * })
   */
  request<Schema extends ResponseSchema>(
    method: string,
    path: string,
    options: JsonRequestOptions<Schema> & { schema: Schema },
  ): Promise<SchemaOutput<Schema>>
  /** Send a JSON request and return its parsed body as `unknown`. */
  request(method: string, path: string, options?: JsonRequestOptions): Promise<unknown>
  request(method: string, path: string, options: JsonRequestOptions = {}): Promise<unknown> {
    return this.#json(method, this.url(path, options.query), options)
  }

  /**
   * Send a request with a raw body and return the response once its headers arrived,
   * with the body still to read as a stream (downloads, file uploads). The per-attempt
   * timeout covers the wait for the headers; `signal` also covers the body. Read or cancel
   * the body, so the listener on `signal` is released.
   *
   * @throws {ApiError} as {@link Transport.request} (the error body is read and closed)
   * @example
   * const response = await transport.stream('PUT', path`/artifact/${id}/files/${keepSlashes(name)}/`, {
   *   body: chunk,
   *   headers: { 'Content-Range': `bytes ${start}-${end}/${size}` },
   *   expectedStatus: [200, 201, 206],
   * })
   */
  stream(method: string, path: string, options: StreamRequestOptions = {}): Promise<Response> {
    const upperMethod = method.toUpperCase()
    const url = this.url(path, options.query)
    const body = options.body
    const replayable = !(body instanceof ReadableStream)
    return this.#exchange({
      method: upperMethod,
      url,
      headers: this.#headers(url, options.headers, '*/*'),
      body,
      options,
      expectedStatus: options.expectedStatus,
      repeatable: isRepeatable(upperMethod, options.idempotent),
      replayable,
      ownsAttempt: true,
      onSuccess: (response, attempt) =>
        Promise.resolve(this.#releaseWhenRead(response, attempt, upperMethod, url)),
    })
  }

  /**
   * A lazy list over a paginated endpoint (cursor or page-number envelope), each item
   * validated with `schema`. Every page request takes `options` (signal, timeout, retries).
   *
   * @example
   * const templates = await transport.list(path`/workflow-template/${ws}/`, WorkflowTemplateSchema)
   *   .toArray({ limit: 100 })
   */
  list<Schema extends ResponseSchema>(
    path: string,
    schema: Schema,
    options: ListOptions = {},
  ): PagedList<SchemaOutput<Schema>> {
    const model = options.model ?? 'item'
    const requestOptions: RequestOptions = {
      signal: options.signal,
      timeout: options.timeout,
      maxRetries: options.maxRetries,
      headers: options.headers,
    }
    const load = async (url: string): Promise<Page<SchemaOutput<Schema>>> => {
      const target = this.#sameOriginPage(url)
      const body = await this.#json('GET', target, { ...requestOptions, model: 'Page' })
      try {
        return parsePage(target, body, (item) => parseResponse(model, schema, item))
      } catch (error) {
        throw this.#redacted(error)
      }
    }
    return new PagedList(load, this.url(path, options.query))
  }

  /** Keep a `next` URL as is, unless it leaves the API's origin: then rebase it (the token stays home). */
  #sameOriginPage(url: string): string {
    const parsed = new URL(url, this.#origin)
    if (parsed.origin === this.#origin) return parsed.href
    this.#logger.warn(
      'The server sent a next-page URL on another origin; following its path on the API origin',
      {
        next: redactUrl(parsed.href),
        apiOrigin: this.#origin,
      },
    )
    return `${this.#origin}${parsed.pathname}${parsed.search}`
  }

  /** A validation error whose copy of the body no longer holds the token (if the server echoed it). */
  #redacted(error: unknown): unknown {
    if (ResponseValidationError.isInstance(error) && this.#token !== undefined) {
      return new ResponseValidationError(error.model, error.issues, redactValue(error.body, this.#token))
    }
    return error
  }

  #validate<Schema extends ResponseSchema>(
    model: string,
    schema: Schema,
    value: unknown,
  ): SchemaOutput<Schema> {
    try {
      return parseResponse(model, schema, value)
    } catch (error) {
      throw this.#redacted(error)
    }
  }

  #json(method: string, url: string, options: JsonRequestOptions): Promise<unknown> {
    const upperMethod = method.toUpperCase()
    const headers = this.#headers(url, options.headers, jsonAccept)
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers.set('Content-Type', 'application/json')
    }
    const model = options.model ?? 'response'
    return this.#exchange({
      method: upperMethod,
      url,
      headers,
      body,
      options,
      expectedStatus: options.expectedStatus,
      repeatable: isRepeatable(upperMethod, options.idempotent),
      replayable: true,
      ownsAttempt: false,
      onSuccess: async (response) => {
        const text = await response.text()
        if (text.trim() === '') return undefined
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          throw new ResponseValidationError(
            model,
            [{ path: '', rule: 'invalid_json', message: `the body is not JSON (${mediaTypeOf(response)})` }],
            redactValue(text.slice(0, 500), this.#token),
          )
        }
        return options.schema === undefined ? parsed : this.#validate(model, options.schema, parsed)
      },
    })
  }

  #headers(url: string, extra: Readonly<Record<string, string>> | undefined, accept: string): Headers {
    const headers = new Headers({ Accept: accept })
    if (!inBrowser) headers.set('User-Agent', this.#userAgent)
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value)
    // Credentials go to the API's own origin only, whatever URL we were given.
    headers.delete('Token')
    headers.delete('X-Debusine-Scope')
    if (new URL(url).origin === this.#origin) {
      if (this.#token !== undefined) headers.set('Token', this.#token)
      if (this.scope !== undefined) headers.set('X-Debusine-Scope', this.scope)
    }
    return headers
  }

  async #exchange<Result>(exchange: Exchange<Result>): Promise<Result> {
    const { method, options } = exchange
    const url = redactUrl(exchange.url)
    const timeout = checkCount('timeout', options.timeout ?? this.#timeout, true)
    const maxRetries = exchange.replayable
      ? checkCount('maxRetries', options.maxRetries ?? this.#maxRetries, false)
      : 0
    const signal = options.signal
    for (let attempt = 1; ; attempt += 1) {
      if (signal?.aborted) throw new AbortError({ method, url, cause: signal.reason })
      this.#logger.debug(`${method} ${url}`, { attempt })
      const started = Date.now()
      const outcome = await this.#attempt(exchange, url, attempt, timeout)
      if (outcome.ok) {
        this.#logger.debug(`${method} ${url} done`, { attempt, ms: Date.now() - started })
        return outcome.value
      }
      const { error } = outcome
      if (!outcome.retryable || attempt > maxRetries) {
        this.#logger.debug(`${method} ${url} failed`, { attempt, code: (error as { code?: unknown }).code })
        throw error
      }
      const delay = retryDelay(attempt, outcome.retryAfterMs, this.#retryDelays)
      this.#logger.warn(
        `${method} ${url} failed (${error.message}); retry ${attempt} of ${maxRetries} in ${delay} ms`,
      )
      try {
        await sleep(delay, signal)
      } catch (reason) {
        throw new AbortError({ method, url, cause: reason })
      }
    }
  }

  async #attempt<Result>(
    exchange: Exchange<Result>,
    url: string,
    attempts: number,
    timeout: number,
  ): Promise<AttemptOutcome<Result>> {
    const { method, options } = exchange
    const signal = options.signal
    const attempt = attemptSignal(signal, timeout)
    let released = false
    const release = (): void => {
      released = true
      attempt.release()
    }
    // Turns whatever interrupted the attempt into our error: abort, timeout or network.
    const interrupted = (error: unknown): AttemptOutcome<Result> => {
      if (signal?.aborted) {
        return {
          ok: false,
          error: new AbortError({ method, url, cause: signal.reason }),
          retryable: false,
          retryAfterMs: undefined,
        }
      }
      if (attempt.timedOut()) {
        return {
          ok: false,
          error: new TimeoutError({ method, url, timeoutMs: timeout, attempts }),
          retryable: exchange.repeatable,
          retryAfterMs: undefined,
        }
      }
      const failure = describeNetworkFailure(error)
      return {
        ok: false,
        error: new ConnectionError({ method, url, attempts, ...failure }),
        retryable: exchange.repeatable || !failure.requestSent,
        retryAfterMs: undefined,
      }
    }
    try {
      let response: Response
      try {
        response = await this.#ky(exchange.url, {
          method,
          headers: exchange.headers,
          body: exchange.body ?? null,
          signal: attempt.signal,
          ...(exchange.body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
          // fetch keeps a copy of a streamed body to send it again after a redirect, so the
          // whole body would sit in memory; uploads are never redirected: refuse redirects.
          ...(exchange.body instanceof ReadableStream || exchange.body instanceof Blob
            ? { redirect: 'error' as const }
            : {}),
        })
      } catch (error) {
        return interrupted(error)
      }
      try {
        if (isExpected(response.status, exchange.expectedStatus)) {
          const value = await exchange.onSuccess(response, attempt)
          if (exchange.ownsAttempt) released = true
          return { ok: true, value }
        }
        const error: ApiError = await errorFromResponse(response, {
          method,
          url,
          token: this.#token,
          scope: this.scope,
          attempts,
        })
        return {
          ok: false,
          error,
          retryable: exchange.repeatable && isRetryableStatus(response.status),
          retryAfterMs: parseRetryAfter(response.headers),
        }
      } catch (error) {
        // Our own errors (a body of the wrong shape) stand; anything else cut the body short.
        if (SdkError.isInstance(error)) throw error
        return interrupted(error)
      }
    } finally {
      if (!released) release()
    }
  }

  /** Hand the response to the caller; the attempt's listener goes when the body ends. */
  #releaseWhenRead(response: Response, attempt: AttemptSignal, method: string, url: string): Response {
    attempt.stopTimer()
    const source = response.body
    if (source === null) {
      attempt.release()
      return response
    }
    const reader = source.getReader()
    const signal = attempt.signal
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read()
          if (done) {
            attempt.release()
            controller.close()
          } else {
            controller.enqueue(value)
          }
        } catch (error) {
          attempt.release()
          controller.error(
            signal.aborted && !attempt.timedOut()
              ? new AbortError({ method, url: redactUrl(url), cause: signal.reason })
              : new ConnectionError({
                  method,
                  url: redactUrl(url),
                  ...describeNetworkFailure(error),
                  requestSent: true,
                }),
          )
        }
      },
      async cancel(reason) {
        attempt.release()
        await reader.cancel(reason)
      },
    })
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

function mediaTypeOf(response: Response): string {
  return response.headers.get('content-type') ?? 'no content type'
}

/**
 * Create a {@link Transport}.
 *
 * @example
 * const transport = createTransport({ apiUrl: 'http://localhost:8000/api', token: process.env.DEBUSINE_TOKEN })
 */
export function createTransport(config: TransportConfig): Transport {
  return new Transport(config)
}
