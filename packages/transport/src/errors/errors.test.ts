import { SdkError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { AbortError } from './abort-error.js'
import { ApiError, type ApiErrorInit } from './api-error.js'
import { ConnectionError, TimeoutError } from './connection-error.js'
import type * as statusErrors from './status-errors.js'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ContentTooLargeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
} from './status-errors.js'

const init = (status: number): ApiErrorInit => ({
  status,
  method: 'GET',
  url: 'https://h/api/1.0/x/',
  title: 'T',
})

describe('error classes', () => {
  it.each([
    [BadRequestError, 400, 'bad_request', false],
    [AuthenticationError, 401, 'authentication_failed', false],
    [PermissionDeniedError, 403, 'permission_denied', false],
    [NotFoundError, 404, 'not_found', false],
    [ConflictError, 409, 'conflict', false],
    [ContentTooLargeError, 413, 'content_too_large', false],
    [RateLimitError, 429, 'rate_limited', true],
    [ServerError, 503, 'server_error', true],
  ] as const)('%o has status %i, code %s, retryable %s', (ErrorClass, status, code, retryable) => {
    const error = new ErrorClass(init(status))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, code, isRetryable: retryable, name: ErrorClass.errorName })
    expect(ApiError.isInstance(error) && SdkError.isInstance(error)).toBe(true)
  })

  it('treats 408 as retryable and other statuses as api_error', () => {
    expect(new ApiError(init(408)).isRetryable).toBe(true)
    expect(new ApiError(init(418))).toMatchObject({ code: 'api_error', isRetryable: false })
  })

  it('has connection, timeout and abort errors', () => {
    const connection = new ConnectionError({ method: 'GET', url: 'u', reason: 'r', requestSent: false })
    const timeout = new TimeoutError({ method: 'GET', url: 'u', timeoutMs: 5 })
    const abort = new AbortError({ method: 'GET', url: 'u' })
    expect(connection).toMatchObject({
      code: 'connection_failed',
      isRetryable: true,
      name: 'ConnectionError',
    })
    expect(timeout).toMatchObject({
      code: 'timeout',
      isRetryable: true,
      name: 'TimeoutError',
      requestSent: true,
    })
    expect(ConnectionError.isInstance(timeout)).toBe(true)
    expect(TimeoutError.isInstance(connection)).toBe(false)
    expect(abort).toMatchObject({ code: 'aborted', isRetryable: false, name: 'AbortError' })
    expect(ConnectionError.isInstance(abort)).toBe(false)
  })

  it('recognizes errors from a second copy of the module with isInstance', async () => {
    // A query string makes vitest evaluate the module again: classes distinct from ours.
    const specifier = './status-errors.js?copy=2'
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof statusErrors
    expect(copy.NotFoundError).not.toBe(NotFoundError)
    const foreign = new copy.NotFoundError(init(404))
    expect(foreign instanceof NotFoundError).toBe(false)
    expect(NotFoundError.isInstance(foreign)).toBe(true)
    expect(ApiError.isInstance(foreign)).toBe(true)
    expect(SdkError.isInstance(foreign)).toBe(true)
    expect(ServerError.isInstance(foreign)).toBe(false)
    expect(copy.NotFoundError.isInstance(new NotFoundError(init(404)))).toBe(true)
  })
})
