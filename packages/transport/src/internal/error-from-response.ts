import {
  ApiError,
  type ApiErrorInit,
  type ProblemDetail,
  type ValidationErrors,
} from '../errors/api-error.js'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ContentTooLargeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
} from '../errors/status-errors.js'
import { ResponseTooLargeError } from '../errors/response-too-large-error.js'
import { parseRetryAfter } from '../retry-policy.js'
import { redactValue } from '../redact.js'
import { readBoundedText } from './bounded-body.js'

/** What the request was, for the error's message. */
export interface ErrorContext {
  method: string
  /** Already redacted. */
  url: string
  /** Only used to redact it from anything the server echoed. */
  token: string | undefined
  scope: string | undefined
  attempts: number
  /** The most bytes of the body read: a larger body is cancelled and left out of the error. */
  maxBytes: number
  /** Cancels the read of the body. */
  signal?: AbortSignal | undefined
}

const reasonPhrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

const anonymousDetail = /credentials were not provided/i

interface Body {
  kind: 'problem' | 'html' | 'text' | 'other'
  title?: string
  detail?: ProblemDetail
  validationErrors?: ValidationErrors
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

function normalizeValidationErrors(value: unknown): ValidationErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const toText = (item: unknown): string => (typeof item === 'string' ? item : JSON.stringify(item))
  return Object.fromEntries(
    Object.entries(value).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(toText) : [toText(messages)],
    ]),
  )
}

async function readBody(response: Response, context: ErrorContext): Promise<Body> {
  const type = mediaType(response)
  let text: string
  try {
    text = await readBoundedText(response.body, {
      maxBytes: context.maxBytes,
      signal: context.signal,
      method: context.method,
      url: context.url,
      declaredLength: response.headers.get('content-length'),
    })
  } catch (error) {
    // The status is the error; a body too large to read only loses its details.
    if (ResponseTooLargeError.isInstance(error)) return { kind: 'other' }
    throw error
  }
  if (type === 'application/problem+json') {
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const problem = parsed as Record<string, unknown>
        const detail = problem['detail']
        const validationErrors = normalizeValidationErrors(problem['validation_errors'])
        return {
          kind: 'problem',
          ...(typeof problem['title'] === 'string' ? { title: problem['title'] } : {}),
          ...(typeof detail === 'string' || (typeof detail === 'object' && detail !== null)
            ? { detail: detail as ProblemDetail }
            : {}),
          ...(validationErrors === undefined ? {} : { validationErrors }),
        }
      }
    } catch {
      // Not JSON after all: reported like any other body below.
    }
  }
  if (type === 'text/html' || /^\s*<(!doctype|html)/i.test(text)) return { kind: 'html' }
  const trimmed = text.trim()
  if (type.startsWith('text/') && trimmed !== '') {
    return { kind: 'text', detail: trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed }
  }
  return { kind: 'other' }
}

function scopeName(scope: string | undefined): string {
  return scope === undefined ? "the server's default scope" : `scope "${scope}"`
}

function hintFor(
  status: number,
  body: Body,
  context: ErrorContext,
  retryAfterMs: number | undefined,
): string {
  const problem = body.kind === 'problem'
  if (status === 400) {
    return body.validationErrors === undefined
      ? 'The server refused the request as sent; fix it before trying again.'
      : 'Fix the fields named above and send the request again.'
  }
  if (status === 401) return 'The server did not accept the credentials: check the token.'
  if (status === 403) {
    if (context.token === undefined) {
      return 'No token is configured, so the request was anonymous: configure a valid API token.'
    }
    if (problem && typeof body.detail === 'string' && anonymousDetail.test(body.detail)) {
      return 'The server treated the request as anonymous: the token is missing, invalid or disabled. Check the token, or create a new one.'
    }
    if (!problem) {
      return `The server refused the request before the API saw it: the token may be invalid or disabled, belong to an inactive user, or not be usable in ${scopeName(context.scope)}.`
    }
    return "The token's user lacks the permission for this: ask an owner of the workspace for a role."
  }
  if (status === 404) {
    if (!problem) {
      return (
        `The server answered with a web page, not an API error: unknown scope? Check that ${scopeName(context.scope)} ` +
        'exists on this server and that the API URL points at a Debusine API (…/api).'
      )
    }
    return `Check the names and ids, and that the object is visible in ${scopeName(context.scope)}.`
  }
  if (status === 409) return 'The object changed or already exists: reload it and try again.'
  if (status === 413) return 'The body is larger than the server or its proxy accepts: send less at a time.'
  if (status === 429) {
    return retryAfterMs === undefined
      ? 'The server is limiting requests: wait and try again.'
      : `The server is limiting requests: wait ${Math.ceil(retryAfterMs / 1000)} s and try again.`
  }
  if (status >= 500) {
    return "The server failed: try again later, and tell the server's administrators if it persists."
  }
  if (status < 400) {
    return 'This operation does not expect that status: the server may run an unsupported version.'
  }
  return 'The server refused the request.'
}

/**
 * Build the {@link ApiError} (subclass) for a response the operation did not expect,
 * reading its body. Server problems (`application/problem+json`) fill title, detail and
 * validation errors; HTML and plain-text pages (unknown URL or scope, middleware refusals)
 * get a message that says what they probably mean. The token is redacted from anything
 * the server echoed.
 */
export async function errorFromResponse(response: Response, context: ErrorContext): Promise<ApiError> {
  const received = await readBody(response, context)
  // Only the server's strings are redacted; the keys of `Body` are ours.
  const body: Body = {
    kind: received.kind,
    ...(received.title === undefined ? {} : { title: redactValue(received.title, context.token) }),
    ...(received.detail === undefined ? {} : { detail: redactValue(received.detail, context.token) }),
    ...(received.validationErrors === undefined
      ? {}
      : { validationErrors: redactValue(received.validationErrors, context.token) }),
  }
  const status = response.status
  const retryAfterMs = parseRetryAfter(response.headers)
  const requestId = response.headers.get('x-request-id') ?? undefined
  const init: ApiErrorInit = {
    status,
    method: context.method,
    url: context.url,
    title: body.title ?? (response.statusText || reasonPhrases[status] || `HTTP ${status}`),
    detail: body.detail,
    validationErrors: body.validationErrors,
    requestId,
    hint: hintFor(status, body, context, retryAfterMs),
    attempts: context.attempts,
  }
  if (status === 400) return new BadRequestError(init)
  if (status === 401) return new AuthenticationError(init)
  if (status === 403) return new PermissionDeniedError(init)
  if (status === 404) return new NotFoundError(init)
  if (status === 409) return new ConflictError(init)
  if (status === 413) return new ContentTooLargeError(init)
  if (status === 429) {
    return new RateLimitError({
      ...init,
      retryAfter: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    })
  }
  if (status >= 500 && status <= 599) return new ServerError(init)
  return status < 400 ? new ApiError(init, 'unexpected_status') : new ApiError(init)
}
