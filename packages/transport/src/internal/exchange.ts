import { SdkError } from '@debusine-ts/models'
import ky, { type KyInstance } from 'ky'
import { AbortError } from '../errors/abort-error.js'
import type { ApiError } from '../errors/api-error.js'
import { ConnectionError, TimeoutError } from '../errors/connection-error.js'
import type { Logger } from '../logger.js'
import { classifyNetworkFailure } from '../network-failure.js'
import { redactUrl } from '../redact.js'
import { redirectTarget } from '../redirect.js'
import { checkCount, type RequestOptions } from '../request-options.js'
import type { FetchFunction, RequestBody, TransportConfig } from '../transport-options.js'
import {
  defaultRetryDelays,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  type RetryDelays,
} from '../retry-policy.js'
import { sleep } from '../sleep.js'
import { attemptSignal, type AttemptSignal } from './abort.js'
import { DEFAULT_MAX_RESPONSE_BYTES } from './bounded-body.js'
import { errorFromResponse } from './error-from-response.js'

/** What a transport lends to each exchange. */
export interface Sender {
  ky: KyInstance
  /** The fetch under ky: the config's, the network's, or the global one. */
  fetch: FetchFunction
  /** The most bytes of an answer's body read (JSON, error pages). */
  maxResponseBytes: number
  logger: Logger
  /** Only used to redact it from errors. */
  token: string | undefined
  scope: string | undefined
  timeout: number
  maxRetries: number
  retryDelays: RetryDelays
  /** The headers for `url`: credentials only when it is on the API's origin. */
  headersFor: (url: string, extra: Headers) => Headers
  /** Called with the `Date` header of every answer (the server's clock). */
  noteServerDate: (date: string | null) => void
}

const defaultTimeoutMs = 30_000
const defaultMaxRetries = 2

/**
 * The sender of a transport, from its config: ky only sends (retries, timeouts, redirects
 * and errors are ours, see README) through the config's fetch, else the network's, else the
 * global one (looked up when called).
 *
 * @throws {ValidationError} when a timeout, retry count or size in `config` is invalid
 */
export function createSender(
  config: TransportConfig,
  own: Pick<Sender, 'logger' | 'token' | 'scope' | 'headersFor' | 'noteServerDate'>,
): Sender {
  const maxResponseBytes = config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  return {
    ...own,
    ky: ky.create({ retry: 0, timeout: false, throwHttpErrors: false }),
    fetch: config.fetch ?? config.network?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeout: checkCount('timeout', config.timeout ?? defaultTimeoutMs, true),
    maxRetries: checkCount('maxRetries', config.maxRetries ?? defaultMaxRetries, false),
    maxResponseBytes: checkCount('maxResponseBytes', maxResponseBytes, false),
    retryDelays: { ...defaultRetryDelays, ...config.retryDelays },
  }
}

/** One request, possibly sent several times. */
export interface Exchange<Result> {
  method: string
  url: string
  headers: Headers
  body: RequestBody | undefined
  options: RequestOptions
  expectedStatus: number | readonly number[] | undefined
  /** Whether it may be sent again after it may have reached the server. */
  repeatable: boolean
  /** Whether it may be sent again after a reused connection closed before any answer. */
  retryStaleConnection: boolean
  /** Whether the body can be sent more than once. */
  replayable: boolean
  /** Reads the successful response; owns `attempt` when `ownsAttempt` is true. */
  onSuccess: (response: Response, attempt: AttemptSignal) => Promise<Result>
  /** Whether `onSuccess` takes over releasing the attempt (streamed bodies). */
  ownsAttempt: boolean
}

type AttemptOutcome<Result> =
  | { ok: true; value: Result }
  | { ok: false; error: Error; retryable: boolean; retryAfterMs: number | undefined; stale?: boolean }

/**
 * How many times a request goes again at once, outside its retries, after a reused keep-alive
 * connection closed before the server took it up (a recycled worker closes all of its idle
 * connections at once, so the next one may be closed too). Browsers do the same.
 */
const STALE_CONNECTION_RESENDS = 2

function isExpected(status: number, expected: number | readonly number[] | undefined): boolean {
  if (expected === undefined) return status >= 200 && status <= 299
  return typeof expected === 'number' ? status === expected : expected.includes(status)
}

/** Send an exchange, retrying what is safe to retry, and return what `onSuccess` made of the answer. */
export async function sendExchange<Result>(sender: Sender, exchange: Exchange<Result>): Promise<Result> {
  const { method, options } = exchange
  const url = redactUrl(exchange.url)
  const timeout = options.timeout ?? sender.timeout
  const maxRetries = exchange.replayable ? (options.maxRetries ?? sender.maxRetries) : 0
  const signal = options.signal
  let retries = 0
  let resends = 0
  for (let attempt = 1; ; attempt += 1) {
    if (signal?.aborted) throw new AbortError({ method, url, cause: signal.reason })
    sender.logger.debug(`${method} ${url}`, { attempt })
    const started = Date.now()
    const outcome = await sendAttempt(sender, exchange, url, attempt, timeout)
    if (outcome.ok) {
      sender.logger.debug(`${method} ${url} done`, { attempt, ms: Date.now() - started })
      return outcome.value
    }
    const { error } = outcome
    const stale = outcome.retryable && outcome.stale === true && exchange.replayable
    if (stale && resends < STALE_CONNECTION_RESENDS) {
      resends += 1
      sender.logger.debug(`${method} ${url}: a kept-alive connection closed before it; sent again`, {
        attempt,
      })
      continue
    }
    if (!outcome.retryable || retries >= maxRetries) {
      sender.logger.debug(`${method} ${url} failed`, { attempt, code: (error as { code?: unknown }).code })
      throw error
    }
    retries += 1
    const delay = retryDelay(retries, outcome.retryAfterMs, sender.retryDelays)
    sender.logger.warn(
      `${method} ${url} failed (${error.message}); retry ${retries} of ${maxRetries} in ${delay} ms`,
    )
    try {
      await sleep(delay, signal)
    } catch (reason) {
      throw new AbortError({ method, url, cause: reason })
    }
  }
}

/**
 * Fetch, following redirects ourselves: `Token` and `X-Debusine-Scope` go only to the API's
 * origin (fetch would carry them to another origin), and a 303, or a 301/302 after a POST,
 * goes on as a GET without the body, as fetch does.
 */
async function fetchFollowing<Result>(
  sender: Sender,
  exchange: Exchange<Result>,
  signal: AbortSignal,
): Promise<Response> {
  const streamed = exchange.body instanceof ReadableStream
  // fetch keeps a copy of a streamed or Blob body to send it again after a redirect, so the
  // whole body would sit in memory; uploads are never redirected: refuse redirects.
  const redirect = streamed || exchange.body instanceof Blob ? 'error' : 'manual'
  let url = exchange.url
  let method = exchange.method
  let body = exchange.body ?? null
  let headers = exchange.headers
  // ky hands fetch a `Request` whose signal follows ours through that Request alone; fetch
  // follows the Request's signal, and nothing keeps the Request once fetch has it. Once the
  // garbage collector takes it, its link to our signal goes with it (undici issues 3644 and
  // 4068) and an abort or timeout no longer reaches the connection. Giving fetch our signal
  // itself makes fetch follow it directly, for as long as the exchange lasts.
  const fetchWithSignal: FetchFunction = (input, init) => sender.fetch(input, { ...init, signal })
  for (let hop = 0; ; hop += 1) {
    const response = await sender.ky(url, {
      method,
      headers,
      body,
      signal,
      redirect,
      fetch: fetchWithSignal,
      ...(streamed ? { duplex: 'half' as const } : {}),
    })
    const next = redirectTarget(response.status, response.headers.get('location'), url, hop)
    if (next === undefined) return response
    await response.body?.cancel()
    const changesToGet =
      response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')
    if (changesToGet) {
      method = method === 'HEAD' ? 'HEAD' : 'GET'
      body = null
      headers = new Headers(headers)
      headers.delete('content-type')
    }
    url = next
    headers = sender.headersFor(url, headers)
    sender.logger.debug(`Redirected to ${redactUrl(url)}`, { status: response.status })
  }
}

async function sendAttempt<Result>(
  sender: Sender,
  exchange: Exchange<Result>,
  url: string,
  attempts: number,
  timeout: number,
): Promise<AttemptOutcome<Result>> {
  const { method, options } = exchange
  const signal = options.signal
  const attempt = attemptSignal(signal, timeout)
  let released = false
  // Turns whatever interrupted the attempt into our error: abort, timeout or network.
  // Once the answer has begun, the server has acted: nothing about the request is unknown but that.
  const interrupted = (error: unknown, answered: boolean): AttemptOutcome<Result> => {
    const failed = (failure: Error, retryable: boolean, stale = false): AttemptOutcome<Result> => ({
      ok: false,
      error: failure,
      retryable,
      retryAfterMs: undefined,
      stale,
    })
    if (signal?.aborted) return failed(new AbortError({ method, url, cause: signal.reason }), false)
    if (attempt.timedOut()) {
      return failed(new TimeoutError({ method, url, timeoutMs: timeout, attempts }), exchange.repeatable)
    }
    const failure = classifyNetworkFailure(error)
    if (answered) failure.delivery = 'unknown'
    const retryable =
      exchange.repeatable ||
      failure.delivery === 'not-sent' ||
      (failure.delivery === 'stale-connection' && exchange.retryStaleConnection)
    const stale = failure.delivery === 'stale-connection'
    return failed(new ConnectionError({ method, url, attempts, ...failure }), retryable, stale)
  }
  try {
    let response: Response
    try {
      response = await fetchFollowing(sender, exchange, attempt.signal)
    } catch (error) {
      return interrupted(error, false)
    }
    sender.noteServerDate(response.headers.get('date'))
    try {
      if (isExpected(response.status, exchange.expectedStatus)) {
        const value = await exchange.onSuccess(response, attempt)
        if (exchange.ownsAttempt) released = true
        return { ok: true, value }
      }
      const error: ApiError = await errorFromResponse(response, {
        method,
        url,
        token: sender.token,
        scope: sender.scope,
        attempts,
        maxBytes: sender.maxResponseBytes,
        signal: attempt.signal,
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
      return interrupted(error, true)
    }
  } finally {
    if (!released) attempt.release()
  }
}

/** Hand the response to the caller; the attempt's listener goes when the body ends. */
export function releaseWhenRead(
  response: Response,
  attempt: AttemptSignal,
  method: string,
  url: string,
): Response {
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
                ...classifyNetworkFailure(error),
                delivery: 'unknown',
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
