import type { parseResponse } from '@debusine-ts/models'
import type { Logger } from './logger.js'
import type { RequestOptions } from './request-options.js'
import type { RetryDelays } from './retry-policy.js'

/** A zod schema, as accepted by `parseResponse` of `@debusine-ts/models`. */
export type ResponseSchema = Parameters<typeof parseResponse>[1]

/** The type of the values a {@link ResponseSchema} produces. */
export type SchemaOutput<Schema extends ResponseSchema> = ReturnType<typeof parseResponse<Schema>>

/** Query parameters; `undefined` and `null` values are left out. */
export type QueryParameters = Readonly<Record<string, string | number | boolean | null | undefined>>

/**
 * The fetch function the transport calls (through ky). Written with the names that both the
 * DOM lib and `@types/node` declare (not `RequestInfo`), so either one is enough.
 */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** A request body, as `fetch` takes it: `BodyInit` of the DOM lib, named so that `@types/node` is enough. */
export type RequestBody = RequestInit['body']

/** What a {@link PageReader} is asked to read. */
export interface PageReadRequest {
  /** The page's absolute URL, on the API's origin. */
  url: string
  /** The headers the transport would send: `Token`, `X-Debusine-Scope`, `Accept`, `User-Agent`. Never log them. */
  headers: Headers
  /** Aborts the read (the caller's signal, or the list's when it stops reading ahead). */
  signal: AbortSignal | undefined
  /** The per-attempt timeout in milliseconds (`Infinity` for none); `signal` also aborts when it expires. */
  timeout: number
  /**
   * The most bytes of the body to read (the transport's `maxResponseBytes`): a reader stops
   * at the limit and rejects with `ResponseTooLargeError`.
   */
  maxBytes: number
}

/**
 * Reads a page of a list (a GET of JSON) by a route faster than `fetch`, such as the
 * client's kept-alive connections in Node. It resolves to the parsed JSON body of a `200`
 * answer; to a `Response` holding a complete error answer (4xx, 5xx), which the transport
 * turns into its error (a 404 into `NotFoundError`) without sending the request again,
 * except for a status it retries (5xx, 408, 429); or to `undefined` for anything else (a
 * redirect, a body that is not JSON, a failed or aborted connection). For `undefined` and
 * a retried status the transport reads the page itself, with its retries, redirects and
 * errors. A rejection fails the list as it is.
 */
export type PageReader = (request: PageReadRequest) => Promise<unknown>

/** What the completion websocket of a Node client connects with (the `ws` options). */
export interface WebSocketConnection {
  /** The root store of the TLS connection (PEM certificates). */
  ca?: string[] | undefined
  /** The agent that tunnels the connection through a proxy (`CONNECT`), when one applies. */
  agent?: unknown
}

/** The status and headers of the answer to a {@link StreamedRequest}. */
export interface StreamedHead {
  status: number
  headers: Headers
}

/**
 * A request of a file transfer sent with Node streams through the network's dispatcher
 * (see {@link NetworkHooks.sendStreamed}): no web streams between the file and the socket.
 */
export interface StreamedRequest {
  method: string
  /** The absolute URL. */
  url: string
  /** Every header to send (`Content-Length` is set from the body). Never log them. */
  headers: Headers
  /**
   * The body: its length and its blocks. A block may be reused once the two after it were
   * asked for (the connection has taken it by then).
   */
  body?: { length: number; blocks: AsyncIterable<Uint8Array> } | undefined
  signal: AbortSignal
  /**
   * The head arrived: where the body goes, block by block (a block is valid only during the
   * call; throwing ends the request with that error), or `undefined` to drop it.
   */
  onHead: (head: StreamedHead) => ((block: Uint8Array) => void) | undefined
}

/**
 * Sends a {@link StreamedRequest}; resolves to the head once the answer's body is complete.
 * A failure of the body's blocks or of `onHead`'s sink rejects with that error as it is.
 *
 * @throws {ConnectionError} when the connection fails or closes before the answer's end
 * @throws {AbortError} when `signal` aborted
 */
export type StreamedSender = (request: StreamedRequest) => Promise<StreamedHead>

/** What `Transport.sendStreamed` takes: a {@link StreamedRequest} with the caller's extra headers. */
export type StreamedSendOptions = Omit<StreamedRequest, 'headers'> & {
  headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The network of a Node client (`createNodeNetwork` of `@debusine-ts/transport/node`): the
 * one place where connections are made, with the proxy and the trust of the environment.
 */
export interface NetworkHooks {
  /** The fetch every request goes through. */
  fetch: FetchFunction
  /** File transfers through the same dispatcher, with Node streams. */
  sendStreamed: StreamedSender
  /** Which proxy `url` goes through, for messages (never its credentials). */
  describe(url: string): string
  /** The options of the completion websocket to `url`. */
  webSocketConnection(url: string): Promise<WebSocketConnection>
  /** Reads list pages through the same dispatcher, without web streams (see {@link PageReader}). */
  readPage: PageReader
}

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
  /**
   * The most bytes of an answer's body the transport reads: JSON answers, list pages, error
   * pages (not `stream()` bodies, which the caller reads); default 32 MiB (33 554 432). A
   * larger body is cancelled at the limit, never read whole, and the call fails with
   * `ResponseTooLargeError` (an error status keeps its error, without the body's details).
   */
  maxResponseBytes?: number | undefined
  /** `User-Agent` header; default `debusine-ts/<version>`. Browsers do not let us set it. */
  userAgent?: string | undefined
  /** Where to report requests and retries; default silent. */
  logger?: Logger | undefined
  /** The delays between retries. */
  retryDelays?: Partial<RetryDelays> | undefined
  /** Reads the pages of lists first, before `fetch` (see {@link PageReader}); default none. */
  pageReader?: PageReader | undefined
  /** The Node network (proxy, trust) requests go through; ignored when `fetch` is given. */
  network?: NetworkHooks | undefined
  /**
   * Node only: the proxy of every request (`http://host:port`), over `HTTP_PROXY`,
   * `HTTPS_PROXY` and `ALL_PROXY`; `NO_PROXY` still applies.
   */
  proxy?: string | undefined
  /** Node only: a CA file (PEM) that replaces every trusted root for this server (config.ini `ca-file`). */
  caFile?: string | undefined
}

/** What {@link JsonRequestOptions} and {@link StreamRequestOptions} share. */
export interface SendOptions extends RequestOptions {
  /**
   * The client operation this request performs (`namespace.method` of the capability table,
   * e.g. `workRequests.abort`): before sending, the transport checks that the server has it
   * and throws `ServerTooOldError` when it does not (nothing is sent).
   */
  operation?: string | undefined
  /** Query parameters. */
  query?: QueryParameters | undefined
  /** The statuses that mean success; default any 2xx. */
  expectedStatus?: number | readonly number[] | undefined
  /**
   * Whether the request may be sent again after it may have reached the server. Defaults
   * to true for GET, HEAD, OPTIONS, PUT, DELETE, PATCH and false for POST.
   */
  idempotent?: boolean | undefined
  /**
   * Whether to send the request again when a reused keep-alive connection was closed before
   * any byte of the answer (the server recycling a worker); default true, as browsers do.
   * Creates that reconcile first pass false and decide themselves.
   */
  retryStaleConnection?: boolean | undefined
}

/** Options of `Transport.request`. */
export interface JsonRequestOptions<Schema extends ResponseSchema = ResponseSchema> extends SendOptions {
  /** The body, sent as JSON. */
  body?: unknown
  /** Validates the response body; without it the parsed JSON is returned as `unknown`. */
  schema?: Schema | undefined
  /** The name of the expected model, for error messages; default `response`. */
  model?: string | undefined
}

/** Options of `Transport.stream`. */
export interface StreamRequestOptions extends SendOptions {
  /**
   * The body, sent as is. A `ReadableStream` body is never retried (it cannot be replayed);
   * pass bytes or a `Blob` for a body that may be retried.
   */
  body?: RequestBody | undefined
}

/** Options of `Transport.list`. */
export interface ListOptions extends RequestOptions {
  /**
   * The client operation this request performs (`namespace.method` of the capability table,
   * e.g. `workRequests.abort`): before sending, the transport checks that the server has it
   * and throws `ServerTooOldError` when it does not (nothing is sent).
   */
  operation?: string | undefined
  /** Query parameters of the first page (later pages use the server's `next` URL as is). */
  query?: QueryParameters | undefined
  /** The name of the item model, for error messages; default `item`. */
  model?: string | undefined
}
