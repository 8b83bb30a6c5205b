import { parseResponse } from '@debusine-ts/models'
import {
  withQuery,
  normalizeApiUrl,
  unversionedUrl as buildUnversionedUrl,
  versionedUrl,
  webuiUrl as buildWebuiUrl,
  websocketUrl as buildWebsocketUrl,
  onOrigin,
} from './address.js'
import type { ApiError } from './errors/api-error.js'
import { bufferedResponse } from './internal/bounded-body.js'
import { errorFromResponse } from './internal/error-from-response.js'
import {
  createSender,
  releaseWhenRead,
  sendExchange,
  type Exchange,
  type Sender,
} from './internal/exchange.js'
import { readJsonBody, withoutToken } from './internal/json-body.js'
import { silentLogger, type Logger } from './logger.js'
import { ServerCapabilities } from './server-capabilities.js'
import { ServerClock } from './server-clock.js'
import { checkPageEnvelope, parsePageItems, type EnvelopeListener, type Page } from './page.js'
import { nextTurn } from './sleep.js'
import { eitherSignal } from './internal/abort.js'
import { inBrowser, jsonAccept } from './internal/media.js'
import { readPageWithin } from './internal/page-answer.js'
import { PagedList } from './paged-list.js'
import { redactUrl } from './redact.js'
import { checkCount } from './request-options.js'
import { isRepeatable } from './retry-policy.js'
import type {
  JsonRequestOptions,
  ListOptions,
  PageReader,
  QueryParameters,
  ResponseSchema,
  SchemaOutput,
  SendOptions,
  StreamedHead,
  StreamedSendOptions,
  StreamRequestOptions,
  TransportConfig,
  NetworkHooks,
  WebSocketConnection,
} from './transport-options.js'
import { VERSION } from './version.js'

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
  readonly #userAgent: string
  readonly #logger: Logger
  readonly #sender: Sender
  readonly #network: NetworkHooks | null | undefined
  readonly #pageReader: PageReader | undefined
  readonly #clock = new ServerClock()
  /** What the server supports (its Debusine version), learned once, when first needed. */
  readonly capabilities = new ServerCapabilities((signal) => this.#readWebPage('/-/login/', signal))

  /**
   * @throws {ValidationError} when `apiUrl` is not an http(s) URL, or a number is invalid
   */
  constructor(config: TransportConfig) {
    this.apiUrl = normalizeApiUrl(config.apiUrl)
    this.#origin = new URL(this.apiUrl).origin
    this.scope = config.scope === '' ? undefined : config.scope
    this.#token = config.token === '' ? undefined : config.token
    this.#userAgent = config.userAgent ?? `debusine-ts/${VERSION}`
    this.#logger = config.logger ?? silentLogger
    this.#network = config.fetch !== undefined ? null : config.network
    // The network's reader unless the config gives one: pages go through the same dispatcher.
    this.#pageReader = config.pageReader ?? this.#network?.readPage
    this.#sender = createSender(config, {
      logger: this.#logger,
      token: this.#token,
      scope: this.scope,
      headersFor: (url, extra) => this.#setCredentials(url, new Headers(extra)),
      noteServerDate: (date) => this.#clock.note(date),
    })
  }

  /**
   * How far the server's clock is ahead of this machine's, in milliseconds, from the `Date`
   * header of the last answer; `undefined` before any. A lower bound: `Date` is truncated to
   * the second and sent before the answer travelled. Creates use it to look for what a lost
   * answer created on the server's clock, not this machine's.
   */
  get serverClockOffset(): number | undefined {
    return this.#clock.offset
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

  /** The absolute URL of an unversioned API path, e.g. `/enroll/` → `{apiUrl}/enroll/`. */
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

  /** The `ws:`/`wss:` URL of a websocket endpoint: `/work-request/on-completed/` → `wss://host/api/ws/1.0/…`. */
  websocketUrl(path: string): string {
    return buildWebsocketUrl(this.apiUrl, path)
  }

  /**
   * The headers of a websocket handshake to this server: `Token` (when configured) and
   * `User-Agent` (outside browsers). For websocket handshakes only: HTTP requests get their
   * headers from the transport itself. Never log the result.
   *
   * @example
   * import { WebSocket } from 'undici'
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

  /** The `ws` options of a websocket to `url` in Node: the proxy's agent and the trust. */
  async websocketConnection(url: string): Promise<WebSocketConnection | undefined> {
    return await this.#network?.webSocketConnection(url)
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
   * const response = await transport.stream('PUT', path`/artifact/${id}/files/${keepSlashes(fileName)}/`, {
   *   body: chunk,
   *   headers: { 'Content-Range': `bytes ${start}-${end}/${size}` },
   *   expectedStatus: [200, 201, 206],
   * })
   */
  stream(method: string, path: string, options: StreamRequestOptions = {}): Promise<Response> {
    const url = this.url(path, options.query)
    const body = options.body
    return this.#send(method, url, options, {
      headers: this.#headers(url, options.headers, '*/*'),
      body,
      replayable: !(body instanceof ReadableStream),
      ownsAttempt: true,
      onSuccess: (response, attempt) =>
        Promise.resolve(releaseWhenRead(response, attempt, method.toUpperCase(), url)),
    })
  }

  /**
   * Send a file transfer's request through the Node network with Node streams, the
   * credentials set for `url` as for every request (see {@link StreamedRequest}); `undefined`
   * without a Node network (a `fetch` given, a browser): {@link Transport.stream} then.
   */
  sendStreamed(request: StreamedSendOptions): Promise<StreamedHead> | undefined {
    if (this.#network === null || this.#network === undefined) return undefined
    this.#logger.debug(`${request.method} ${redactUrl(request.url)}`, { route: 'streamed' })
    const headers = this.#headers(request.url, request.headers, '*/*')
    return this.#network.sendStreamed({ ...request, headers })
  }

  /** The error this transport throws for `response`, an unexpected answer to {@link Transport.sendStreamed}. */
  errorFor(method: string, url: string, response: Response): Promise<ApiError> {
    return errorFromResponse(response, {
      method: method.toUpperCase(),
      url: redactUrl(url),
      token: this.#token,
      scope: this.scope,
      attempts: 1,
      maxBytes: this.#sender.maxResponseBytes,
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
    const load = async (
      url: string,
      ahead?: AbortSignal,
      onEnvelope?: EnvelopeListener,
    ): Promise<Page<SchemaOutput<Schema>>> => {
      const target = onOrigin(url, this.#origin, (next) => {
        const rebased =
          'The server sent a next-page URL on another origin; following its path on the API origin'
        this.#logger.warn(rebased, { next: redactUrl(next), apiOrigin: this.#origin })
      })
      const signal = eitherSignal(options.signal, ahead)
      if (options.operation !== undefined) await this.capabilities.require(options.operation, signal)
      const body = await this.#readPage(target, signal, options)
      try {
        const envelope = checkPageEnvelope(target, body)
        if (onEnvelope !== undefined) {
          onEnvelope(envelope.next, envelope.results.length)
          // Validate once the next page's request, started by that call, has gone out: undici
          // writes on a kept-alive socket a turn after the request reaches it, so two turns.
          await nextTurn()
          await nextTurn()
        }
        return parsePageItems(envelope, (item) => parseResponse(model, schema, item))
      } catch (error) {
        throw withoutToken(error, this.#token)
      }
    }
    return new PagedList(load, this.url(path, options.query))
  }

  /** A page's body: read by the configured {@link PageReader} first, else (or when it declines) by `#json`. */
  async #readPage(url: string, signal: AbortSignal | undefined, options: ListOptions): Promise<unknown> {
    // Bad options fail as they would through `#send`, before anything is read.
    const timeout = checkCount('timeout', options.timeout ?? this.#sender.timeout, true)
    let maxRetries = checkCount('maxRetries', options.maxRetries ?? this.#sender.maxRetries, false)
    if (this.#pageReader !== undefined && signal?.aborted !== true) {
      this.#logger.debug(`GET ${redactUrl(url)}`, { route: 'page reader' })
      const headers = this.#headers(url, options.headers, jsonAccept)
      const request = { url, headers, timeout, maxBytes: this.#sender.maxResponseBytes }
      const read = await readPageWithin(this.#pageReader, request, signal, maxRetries, (response) =>
        this.errorFor('GET', url, response),
      )
      if ('body' in read) return read.body
      maxRetries = read.maxRetries
      this.#logger.debug(`GET ${redactUrl(url)}: read again through fetch`)
    }
    return this.#json('GET', url, { timeout, maxRetries, headers: options.headers, signal, model: 'Page' })
  }

  /** A web UI page, read whole (bounded, within the timeout) into a `Response` of its text. */
  #readWebPage(path: string, signal: AbortSignal | undefined): Promise<Response> {
    const url = this.webuiUrl(path)
    const bound = { maxBytes: this.#sender.maxResponseBytes, method: 'GET', url: redactUrl(url) }
    return this.#send(
      'GET',
      url,
      { signal },
      {
        headers: this.#headers(url, undefined, 'text/html'),
        body: undefined,
        replayable: true,
        ownsAttempt: false,
        onSuccess: (response, attempt) => bufferedResponse(response, { ...bound, signal: attempt.signal }),
      },
    )
  }

  #json(method: string, url: string, options: JsonRequestOptions): Promise<unknown> {
    const headers = this.#headers(url, options.headers, jsonAccept)
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers.set('Content-Type', 'application/json')
    }
    const model = options.model ?? 'response'
    return this.#send(method, url, options, {
      headers,
      body,
      replayable: true,
      ownsAttempt: false,
      onSuccess: (response, attempt) =>
        readJsonBody(response, options.schema, {
          model,
          method: method.toUpperCase(),
          url: redactUrl(url),
          maxBytes: this.#sender.maxResponseBytes,
          signal: attempt.signal,
          token: this.#token,
        }),
    })
  }

  #headers(url: string, extra: Readonly<Record<string, string>> | undefined, accept: string): Headers {
    const headers = new Headers({ Accept: accept })
    if (!inBrowser) headers.set('User-Agent', this.#userAgent)
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value)
    return this.#setCredentials(url, headers)
  }

  /** Credentials go to the API's own origin only, whatever URL we were given or sent to: set on `headers`. */
  #setCredentials(url: string, headers: Headers): Headers {
    headers.delete('Token')
    headers.delete('X-Debusine-Scope')
    if (new URL(url).origin === this.#origin) {
      if (this.#token !== undefined) headers.set('Token', this.#token)
      if (this.scope !== undefined) headers.set('X-Debusine-Scope', this.scope)
    }
    return headers
  }

  #send<Result>(
    method: string,
    url: string,
    options: SendOptions,
    exchange: Pick<Exchange<Result>, 'headers' | 'body' | 'replayable' | 'onSuccess' | 'ownsAttempt'>,
  ): Promise<Result> {
    const upperMethod = method.toUpperCase()
    checkCount('timeout', options.timeout ?? this.#sender.timeout, true)
    checkCount('maxRetries', options.maxRetries ?? this.#sender.maxRetries, false)
    const send = (): Promise<Result> =>
      sendExchange(this.#sender, {
        ...exchange,
        method: upperMethod,
        url,
        options,
        expectedStatus: options.expectedStatus,
        repeatable: isRepeatable(upperMethod, options.idempotent),
        retryStaleConnection: options.retryStaleConnection ?? true,
      })
    if (options.operation === undefined) return send()
    return this.capabilities.require(options.operation, options.signal).then(send)
  }
}
