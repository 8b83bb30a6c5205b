import { SdkError } from './sdk-error.js'
import { formatIssues, type ValidationIssue } from './validation-error.js'

/**
 * The server answered, but its body does not have the shape of the expected model (for
 * example a required field is missing). The message names the field and the rule; the
 * server's body is kept in {@link ResponseValidationError.body} for debugging.
 */
export class ResponseValidationError extends SdkError {
  static override readonly errorName: string = 'ResponseValidationError'

  /** Every rule the body broke. */
  readonly issues: readonly ValidationIssue[]
  /** The model the body was parsed as. */
  readonly model: string
  /** The body as received. */
  readonly body: unknown

  constructor(model: string, issues: readonly ValidationIssue[], body: unknown) {
    super(
      `The server's response is not a valid ${model}: ${formatIssues(issues)}. ` +
        'The server may be of an unsupported version.',
      'invalid_response',
    )
    this.model = model
    this.issues = issues
    this.body = body
  }
}
