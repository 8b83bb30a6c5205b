import { SdkError } from './sdk-error.js'

/** One rule that a value broke: where, which rule, and what was wrong. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `files.a.txt.size`; empty for the value itself. */
  path: string
  /** The rule, as a short code: `too_small`, `invalid_type`, `unrecognized_keys`, … */
  rule: string
  /** What was wrong, in words. */
  message: string
}

/**
 * A value did not satisfy a model: thrown for data the client is about to send, for local
 * artifacts, and for values built by the user. The message names every field and rule.
 *
 * @example
 * ValidationError.isInstance(error) && error.issues.map((issue) => issue.path)
 */
export class ValidationError extends SdkError {
  static override readonly errorName: string = 'ValidationError'

  /** Every rule that failed, in order. */
  readonly issues: readonly ValidationIssue[]
  /** The name of the model that rejected the value, e.g. `WorkRequestRequest`. */
  readonly model: string

  constructor(model: string, issues: readonly ValidationIssue[], options: { cause?: unknown } = {}) {
    super(`Invalid ${model}: ${formatIssues(issues)}`, 'validation_failed', options)
    this.model = model
    this.issues = issues
  }
}

/** Render issues as `path: message (rule)`, joined by `; `. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map((issue) => `${issue.path === '' ? '(value)' : issue.path}: ${issue.message} (${issue.rule})`)
    .join('; ')
}
