import {
  EnrollConfirmPayloadSchema,
  parseResponse,
  ResponseValidationError,
  type EnrollConfirmPayload,
} from '@debusine-ts/models'

const model = 'EnrollConfirmPayload'

// Anything that looks like a token is hidden from the copy of the body an error keeps.
function redactTokens(text: string): string {
  return text.replace(/[A-Za-z0-9]{32,}/g, '<redacted>')
}

function redactBody(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'token' in body) {
    return { ...body, token: '<redacted>' }
  }
  return body
}

/**
 * Parse the enrollment's streamed body: keep-alive whitespace, then one JSON object.
 *
 * @throws {ResponseValidationError} when the body is empty, not JSON, or not an EnrollConfirmPayload
 */
export function parseAnswer(text: string): EnrollConfirmPayload {
  const trimmed = text.trim()
  if (trimmed === '') {
    throw new ResponseValidationError(
      model,
      [
        {
          path: '',
          rule: 'invalid_json',
          message: 'the server ended the answer without sending the outcome',
        },
      ],
      '',
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    throw new ResponseValidationError(
      model,
      [{ path: '', rule: 'invalid_json', message: 'the answer is not JSON' }],
      redactTokens(trimmed.slice(0, 300)),
    )
  }
  try {
    return parseResponse(model, EnrollConfirmPayloadSchema, parsed)
  } catch (error) {
    if (ResponseValidationError.isInstance(error)) {
      throw new ResponseValidationError(model, error.issues, redactBody(parsed))
    }
    throw error
  }
}
