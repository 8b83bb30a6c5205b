import { EnrollOutcome, ResponseValidationError, ValidationError } from '@debusine-ts/models'
import { AbortError, Transport, type FetchFunction, type RequestOptions } from '@debusine-ts/transport'
import { enrollmentConfirmUrl } from './confirm-url.js'
import { EnrollmentCancelledError } from './errors/enrollment-cancelled-error.js'
import { EnrollmentTimeoutError } from './errors/enrollment-timeout-error.js'
import { Deadline } from './internal/deadline.js'
import { parseAnswer } from './internal/parse-answer.js'
import { readText } from './internal/read-text.js'
import { createEnrollPayload } from './payload.js'

/** The unversioned enrollment endpoint, under the `/api` URL (not under `/1.0/`). */
const enrollPath = '/enroll/'
/** Default overall timeout: how long the user has to answer in the web UI. */
const defaultTimeoutMs = 15 * 60_000
/** Default idle timeout: the server sends a keep-alive every 10 s, so 35 s of silence means trouble. */
const defaultIdleTimeoutMs = 35_000
/** The answer is one small JSON object after some newlines; anything this long is not it. */
const maxAnswerLength = 64 * 1024

/** What to enroll: the server, the scope and this machine. */
export interface EnrollRequest {
  /** The server's `/api` URL, e.g. `https://debusine.debian.net/api/`. */
  apiUrl: string
  /** The scope the token is meant for, e.g. `debian`; shown on the confirmation page. */
  scope: string
  /** This machine's name; shown on the confirmation page and written in the token's comment. */
  hostname: string
  /** The nonce to use; a new random one when unset (the usual case). */
  nonce?: string | undefined
  /** The challenge to use; six new random words when unset (the usual case). */
  challenge?: string | undefined
  /** The fetch implementation; defaults to the global `fetch`. */
  fetch?: FetchFunction | undefined
  /** `User-Agent` header; default `debusine-ts/<version>`. */
  userAgent?: string | undefined
}

/** What the user must do to confirm the enrollment, passed to {@link EnrollOptions.onConfirmationPending}. */
export interface ConfirmationPending {
  /** The page to open, logged in to the server, to confirm or cancel. */
  confirmUrl: string
  /** The words the page shows: the user checks that they match before confirming. */
  challenge: string
  /** The host name the page shows. */
  hostname: string
  /** The scope the page shows. */
  scope: string
}

/** Options of {@link enroll}. */
export interface EnrollOptions extends RequestOptions {
  /**
   * Called with the confirmation address and the challenge before the request is sent,
   * so the caller can show them (and perhaps open a browser, see `openInBrowser`). Awaited:
   * the request is sent once it settles; if it throws, the enrollment fails with its error.
   */
  onConfirmationPending?: ((pending: ConfirmationPending) => void | Promise<void>) | undefined
  /**
   * Overall limit in milliseconds for the user to answer, from the start; default
   * 900 000 (15 min). `Infinity` waits for ever.
   */
  timeout?: number | undefined
  /**
   * Limit in milliseconds on silence: the enrollment fails when nothing at all (not even
   * a keep-alive, which 0.16 servers send every 10 s) arrives for this long; default 35 000.
   * It starts at the answer's first byte: servers that send no keep-alives (0.11, silent
   * until the user answers) are waited for up to `timeout`.
   */
  idleTimeout?: number | undefined
}

/** A successful enrollment. */
export interface EnrollResult {
  /** The new API token, enabled, belonging to the user who confirmed. */
  token: string
  /** The page where the enrollment was confirmed. */
  confirmUrl: string
  /** The challenge the user compared. */
  challenge: string
}

function checkDuration(name: string, value: number): number {
  if (!(value > 0)) {
    throw new ValidationError('EnrollOptions', [
      {
        path: name,
        rule: 'too_small',
        message: `must be a positive number of milliseconds, got ${String(value)}`,
      },
    ])
  }
  return value
}

/**
 * Obtain an API token through enrollment, as `debusine setup` does: send a nonce and a
 * challenge to the server, then wait (one long-poll request) until a user logged in to the
 * web UI confirms or cancels it on the confirmation page. The page address and the challenge
 * reach {@link EnrollOptions.onConfirmationPending} before the wait starts. Prints nothing.
 *
 * @example
 * const { token } = await enroll(
 *   { apiUrl: 'https://debusine.debian.net/api/', scope: 'debian', hostname: os.hostname() },
 *   {
 *     onConfirmationPending: ({ confirmUrl, challenge }) => {
 *       console.error(`Open ${confirmUrl} and check that it shows: ${challenge}`)
 *     },
 *   },
 * )
 * @throws {ValidationError} before anything is sent, when the scope, host name, nonce,
 *   challenge or an option breaks a rule
 * @throws {EnrollmentCancelledError} when the user cancelled in the web UI
 * @throws {EnrollmentTimeoutError} when nobody answered in time, or the server went silent
 * @throws {BadRequestError} when the server refused the request (its problem title says why,
 *   e.g. `duplicate or invalid request received`); other `ApiError`s of `@debusine-ts/transport` for other statuses
 * @throws {ResponseValidationError} when the answer is not a valid EnrollConfirmPayload
 * @throws {ConnectionError} when the server cannot be reached or the connection broke
 * @throws {AbortError} when `signal` aborted
 */
export async function enroll(request: EnrollRequest, options: EnrollOptions = {}): Promise<EnrollResult> {
  const payload = createEnrollPayload(request)
  const overallMs = checkDuration('timeout', options.timeout ?? defaultTimeoutMs)
  const idleMs = checkDuration('idleTimeout', options.idleTimeout ?? defaultIdleTimeoutMs)
  // No token and no scope header: the server does not read them here.
  const transport = new Transport({
    apiUrl: request.apiUrl,
    fetch: request.fetch,
    userAgent: request.userAgent,
  })
  const url = transport.unversionedUrl(enrollPath)
  const confirmUrl = enrollmentConfirmUrl(request.apiUrl, payload.nonce)
  if (options.signal?.aborted) throw new AbortError({ method: 'POST', url, cause: options.signal.reason })
  await options.onConfirmationPending?.({
    confirmUrl,
    challenge: payload.challenge,
    hostname: payload.hostname,
    scope: payload.scope,
  })

  const deadline = new Deadline(options.signal, overallMs, idleMs)
  let text: string
  try {
    const response = await transport.stream('POST', url, {
      body: JSON.stringify(payload),
      // @NOTE The server accepts exactly `application/json`: a `; charset=…` suffix is refused.
      headers: { ...options.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      signal: deadline.signal,
      // Our deadline bounds the headers and the body; the transport's timeout would not allow a long poll.
      timeout: Infinity,
      maxRetries: options.maxRetries,
      expectedStatus: 200,
    })
    text = await readText(response, deadline, maxAnswerLength)
  } catch (error) {
    const expired = deadline.expired
    if (expired !== undefined) {
      throw new EnrollmentTimeoutError({
        kind: expired,
        timeoutMs: expired === 'idle' ? idleMs : overallMs,
        confirmUrl,
        cause: error,
      })
    }
    throw error
  } finally {
    deadline.release()
  }

  const answer = parseAnswer(text)
  if (answer.outcome === EnrollOutcome.CANCEL) {
    throw new EnrollmentCancelledError({ hostname: payload.hostname, confirmUrl })
  }
  if (answer.token === null) {
    throw new ResponseValidationError(
      'EnrollConfirmPayload',
      [{ path: 'token', rule: 'required', message: 'a confirmed enrollment must carry a token' }],
      answer,
    )
  }
  return { token: answer.token, confirmUrl, challenge: payload.challenge }
}
