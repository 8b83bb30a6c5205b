import type { z } from 'zod'
import { ResponseValidationError } from './errors/response-validation-error.js'
import { ValidationError, type ValidationIssue } from './errors/validation-error.js'

/** Turn zod's issues into the suite's own, with dotted field paths. */
function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    rule: issue.code,
    message: issue.message,
  }))
}

/**
 * Validate a value the user built or the client is about to send.
 *
 * @param model the model's name, used in the error message
 * @throws {ValidationError} naming every field and rule that failed
 * @example
 * const request = parseModel('WorkRequestRequest', WorkRequestRequestSchema, input)
 */
export function parseModel<Schema extends z.ZodType>(
  model: string,
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw new ValidationError(model, toValidationIssues(result.error.issues))
  return result.data
}

/**
 * Validate a body received from the server.
 *
 * @throws {ResponseValidationError} naming every field and rule that failed
 */
export function parseResponse<Schema extends z.ZodType>(
  model: string,
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const result = schema.safeParse(body)
  if (!result.success) throw new ResponseValidationError(model, toValidationIssues(result.error.issues), body)
  return result.data
}
