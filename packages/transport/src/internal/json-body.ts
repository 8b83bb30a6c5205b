import { parseResponse, ResponseValidationError } from '@debusine-ts/models'
import { redactValue } from '../redact.js'
import type { ResponseSchema } from '../transport-options.js'
import { readBoundedText } from './bounded-body.js'
import { mediaTypeOf } from './media.js'

/** What reading a JSON answer needs: the bound of {@link readBoundedText} and what to name in errors. */
export interface JsonBodyRead {
  /** The model expected, for the error of a body that is not JSON. */
  model: string
  method: string
  /** Already redacted. */
  url: string
  maxBytes: number
  signal: AbortSignal
  /** Only used to redact it from the copy of a body that is not JSON. */
  token: string | undefined
}

/** `error`, or when it is a validation error, a copy whose body no longer holds the token (if the server echoed it). */
export function withoutToken(error: unknown, token: string | undefined): unknown {
  if (ResponseValidationError.isInstance(error) && token !== undefined) {
    return new ResponseValidationError(error.model, error.issues, redactValue(error.body, token))
  }
  return error
}

/**
 * The JSON body of `response`, read through the one bounded reader and validated with
 * `schema` when given; `undefined` for an empty body.
 *
 * @throws {ResponseTooLargeError} when the body is larger than `read.maxBytes`
 * @throws {ResponseValidationError} when the body is not JSON or does not match `schema`
 */
export async function readJsonBody(
  response: Response,
  schema: ResponseSchema | undefined,
  read: JsonBodyRead,
): Promise<unknown> {
  const text = await readBoundedText(response.body, {
    ...read,
    declaredLength: response.headers.get('content-length'),
  })
  if (text.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ResponseValidationError(
      read.model,
      [{ path: '', rule: 'invalid_json', message: `the body is not JSON (${mediaTypeOf(response)})` }],
      redactValue(text.slice(0, 500), read.token),
    )
  }
  if (schema === undefined) return parsed
  try {
    return parseResponse(read.model, schema, parsed)
  } catch (error) {
    throw withoutToken(error, read.token)
  }
}
