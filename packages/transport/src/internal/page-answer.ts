import type { ApiError } from '../errors/api-error.js'
import { isRetryableStatus } from '../retry-policy.js'

/**
 * What a list makes of a page reader's answer: a page body is the page; a
 * `Response` (a complete error answer) becomes the transport's error for it, unless it is a
 * status the transport retries (5xx, 408, 429), which leaves the page to the transport
 * (`undefined`), as does `undefined` itself.
 *
 * @throws {ApiError} the error `toError` makes of a definitive error answer (a 404, a 403)
 */
export async function pageFromAnswer(
  answer: unknown,
  toError: (response: Response) => Promise<ApiError>,
): Promise<unknown> {
  if (!(answer instanceof Response)) return answer
  if (answer.status < 400 || isRetryableStatus(answer.status)) return undefined
  throw await toError(answer)
}
