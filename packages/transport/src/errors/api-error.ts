import { SdkError } from '@debusine-ts/models'

/** The `detail` of a server problem: usually a sentence, sometimes a raw validation error object or list. */
export type ProblemDetail = string | Readonly<Record<string, unknown>> | readonly unknown[]

/** Field name → messages, as sent in a problem's `validation_errors`. */
export type ValidationErrors = Readonly<Record<string, readonly string[]>>

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit {
  /** The HTTP status code. */
  status: number
  /** The HTTP method, e.g. `POST`. */
  method: string
  /** The request URL, with secrets in its query redacted. */
  url: string
  /** The problem's `title`, or the HTTP reason phrase when the body was not a problem. */
  title: string
  /** The problem's `detail`, when there was one. */
  detail?: ProblemDetail | undefined
  /** The problem's `validation_errors`, when there were some. */
  validationErrors?: ValidationErrors | undefined
  /** The `X-Request-Id` response header, when the server (or a proxy) sent one. */
  requestId?: string | undefined
  /** What the user can do about it; ends the message. */
  hint?: string | undefined
  /** How many attempts were made, retries included. */
  attempts?: number | undefined
  /** The error that caused this one. */
  cause?: unknown
}

const maxDetailLength = 500

function describeDetail(detail: ProblemDetail): string {
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail)
  return text.length > maxDetailLength ? `${text.slice(0, maxDetailLength)}…` : text
}

function describeValidationErrors(errors: ValidationErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ')
}

function buildMessage(init: ApiErrorInit): string {
  let message = `${init.method} ${init.url} failed with HTTP ${init.status}: ${init.title}`
  if (init.detail !== undefined && init.detail !== '') message += ` (${describeDetail(init.detail)})`
  if (init.validationErrors !== undefined && Object.keys(init.validationErrors).length > 0) {
    message += `. Invalid fields: ${describeValidationErrors(init.validationErrors)}`
  }
  if (init.attempts !== undefined && init.attempts > 1) message += `, after ${init.attempts} attempts`
  message += '.'
  if (init.hint !== undefined) message += ` ${init.hint}`
  return message
}

/**
 * The server answered with an HTTP error status (or a status the operation does not
 * expect). Subclasses name the common statuses; the server's RFC 7807 problem, when there
 * was one, is in {@link ApiError.title}, {@link ApiError.detail} and
 * {@link ApiError.validationErrors}.
 *
 * @example
 * try { await transport.request('GET', path`/work-request/${id}/`) } catch (error) {
 *   if (ApiError.isInstance(error)) console.error(error.status, error.title)
 * }
 */
export class ApiError extends SdkError {
  static override readonly errorName: string = 'ApiError'

  /** The HTTP status code. */
  readonly status: number
  /** The HTTP method of the request. */
  readonly method: string
  /** The request URL, with secrets in its query redacted. */
  readonly url: string
  /** The problem's `title`, or the HTTP reason phrase when the body was not a problem. */
  readonly title: string
  /** The problem's `detail`, when there was one. */
  readonly detail: ProblemDetail | undefined
  /** The problem's `validation_errors`, when there were some. */
  readonly validationErrors: ValidationErrors | undefined
  /** The `X-Request-Id` response header, when one was sent. */
  readonly requestId: string | undefined
  /** What to do about it, when the client knows more than the server said (also in the message). */
  readonly hint: string | undefined

  /**
   * @param code the stable code; subclasses pass their own
   */
  constructor(init: ApiErrorInit, code = 'api_error') {
    super(buildMessage(init), code, {
      cause: init.cause,
      isRetryable: init.status === 408 || init.status === 429 || init.status >= 500,
    })
    this.status = init.status
    this.method = init.method
    this.url = init.url
    this.title = init.title
    this.detail = init.detail
    this.validationErrors = init.validationErrors
    this.requestId = init.requestId
    this.hint = init.hint
  }
}
