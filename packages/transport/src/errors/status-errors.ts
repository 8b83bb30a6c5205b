import { ApiError, type ApiErrorInit } from './api-error.js'

/** HTTP 400: the server refused the request's content; see {@link ApiError.validationErrors}. */
export class BadRequestError extends ApiError {
  static override readonly errorName: string = 'BadRequestError'

  constructor(init: ApiErrorInit) {
    super(init, 'bad_request')
  }
}

/** HTTP 401: the server did not accept the credentials. */
export class AuthenticationError extends ApiError {
  static override readonly errorName: string = 'AuthenticationError'

  constructor(init: ApiErrorInit) {
    super(init, 'authentication_failed')
  }
}

/**
 * HTTP 403: the caller may not do this. Debusine treats a missing, unknown or disabled
 * token as anonymous, so this is also what a bad token gives.
 */
export class PermissionDeniedError extends ApiError {
  static override readonly errorName: string = 'PermissionDeniedError'

  constructor(init: ApiErrorInit) {
    super(init, 'permission_denied')
  }
}

/** HTTP 404: no such object (or not visible to the caller), unknown URL or unknown scope. */
export class NotFoundError extends ApiError {
  static override readonly errorName: string = 'NotFoundError'

  constructor(init: ApiErrorInit) {
    super(init, 'not_found')
  }
}

/** HTTP 409: the request conflicts with the object's current state. */
export class ConflictError extends ApiError {
  static override readonly errorName: string = 'ConflictError'

  constructor(init: ApiErrorInit) {
    super(init, 'conflict')
  }
}

/** HTTP 413: the request body is larger than the server (or its proxy) accepts. */
export class ContentTooLargeError extends ApiError {
  static override readonly errorName: string = 'ContentTooLargeError'

  constructor(init: ApiErrorInit) {
    super(init, 'content_too_large')
  }
}

/** What a {@link RateLimitError} is built from. */
export interface RateLimitErrorInit extends ApiErrorInit {
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  retryAfter?: number | undefined
}

/** HTTP 429: too many requests; retryable, after {@link RateLimitError.retryAfter} when known. */
export class RateLimitError extends ApiError {
  static override readonly errorName: string = 'RateLimitError'

  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined

  constructor(init: RateLimitErrorInit) {
    super(init, 'rate_limited')
    this.retryAfter = init.retryAfter
  }
}

/** HTTP 5xx: the server (or a proxy in front of it) failed; retryable. */
export class ServerError extends ApiError {
  static override readonly errorName: string = 'ServerError'

  constructor(init: ApiErrorInit) {
    super(init, 'server_error')
  }
}
