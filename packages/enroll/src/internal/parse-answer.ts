import {
  EnrollConfirmPayloadSchema,
  parseResponse,
  ResponseValidationError,
  type EnrollConfirmPayload,
} from '@debusine-ts/models'
import { redactValue } from '@debusine-ts/transport'

const model = 'EnrollConfirmPayload'

// The token the server minted, as far as the answer shows it (a cut answer may end inside it).
function mintedTokens(text: string): string[] {
  return [...text.matchAll(/"token"\s*:\s*"([^"]*)/g)].map((match) => match[1] ?? '')
}

// The copy of the body an error keeps, with the minted token hidden by transport's redaction.
function withoutToken<T>(body: T, text: string): T {
  return redactValue(body, mintedTokens(text))
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
      withoutToken(trimmed.slice(0, 300), trimmed),
    )
  }
  try {
    return parseResponse(model, EnrollConfirmPayloadSchema, parsed)
  } catch (error) {
    if (ResponseValidationError.isInstance(error)) {
      throw new ResponseValidationError(model, error.issues, withoutToken(parsed, trimmed))
    }
    throw error
  }
}
