import { describe, expect, it } from 'vitest'
import { SdkError } from './sdk-error.js'
import { ValidationError } from './validation-error.js'
import { ResponseValidationError } from './response-validation-error.js'
import type * as ValidationErrorModule from './validation-error.js'

describe('SdkError', () => {
  it('recognises instances of a second installed copy through the Symbol.for marker', async () => {
    // A query string makes the module load twice: two classes, as with two installed copies.
    const secondCopy = './validation-error.js?copy=2'
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof ValidationErrorModule
    expect(copy.ValidationError).not.toBe(ValidationError)
    const foreign = new copy.ValidationError('Thing', [{ path: 'a', rule: 'too_small', message: 'small' }])
    expect(foreign instanceof ValidationError).toBe(false)
    expect(ValidationError.isInstance(foreign)).toBe(true)
    expect(SdkError.isInstance(foreign)).toBe(true)
  })

  it('tells classes apart: a parent recognises subclasses, never the reverse', () => {
    const base = new SdkError('plain', 'plain')
    const validation = new ValidationError('Thing', [])
    expect(SdkError.isInstance(validation)).toBe(true)
    expect(ValidationError.isInstance(base)).toBe(false)
    expect(ResponseValidationError.isInstance(validation)).toBe(false)
    expect(SdkError.isInstance({ name: 'SdkError', code: 'x' })).toBe(false)
    expect(SdkError.isInstance(null)).toBe(false)
  })

  it('sets name, code, cause and retryability', () => {
    const cause = new Error('root')
    const error = new SdkError('failed', 'some_code', { cause, isRetryable: true })
    expect(error.name).toBe('SdkError')
    expect(error.code).toBe('some_code')
    expect(error.cause).toBe(cause)
    expect(error.isRetryable).toBe(true)
    expect(new ValidationError('Thing', []).isRetryable).toBe(false)
  })
})

describe('ValidationError', () => {
  it('names every field and rule in its message', () => {
    const error = new ValidationError('FileRequest', [
      { path: 'size', rule: 'too_small', message: 'must be >= 0' },
      { path: '', rule: 'unrecognized_keys', message: 'unknown key "x"' },
    ])
    expect(error.name).toBe('ValidationError')
    expect(error.code).toBe('validation_failed')
    expect(error.message).toBe(
      'Invalid FileRequest: size: must be >= 0 (too_small); (value): unknown key "x" (unrecognized_keys)',
    )
  })
})

describe('ResponseValidationError', () => {
  it('keeps the body and says the server may be unsupported', () => {
    const error = new ResponseValidationError(
      'Artifact',
      [{ path: 'id', rule: 'invalid_type', message: 'x' }],
      {
        id: 'a',
      },
    )
    expect(error.code).toBe('invalid_response')
    expect(error.body).toEqual({ id: 'a' })
    expect(error.message).toContain("The server's response is not a valid Artifact: id: x (invalid_type)")
  })
})
