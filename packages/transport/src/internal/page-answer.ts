import type { ApiError } from '../errors/api-error.js'
import { TimeoutError } from '../errors/connection-error.js'
import { redactUrl } from '../redact.js'
import { isRetryableStatus } from '../retry-policy.js'
import type { PageReader, PageReadRequest } from '../transport-options.js'
import { attemptSignal } from './abort.js'

/*
 * What a list makes of a page reader's answer: a page body is the page; a
 * `Response` (a complete error answer) becomes the transport's error for it, unless it is a
 * status the transport retries (5xx, 408, 429), which leaves the page to the transport
 * (`undefined`), as does `undefined` itself.
 *
 * (throws the error `toError` makes of a definitive error answer: a 404, a 403).
 */
async function pageFromAnswer(
  answer: unknown,
  toError: (response: Response) => Promise<ApiError>,
): Promise<unknown> {
  if (!(answer instanceof Response)) return answer
  if (answer.status < 400 || isRetryableStatus(answer.status)) return undefined
  throw await toError(answer)
}

/** What a page reader came to: the page's body, or the page left to the transport with the retries left. */
export type PageReaderOutcome = { body: unknown } | { maxRetries: number }

/**
 * Ask `reader` for a page within the per-attempt timeout: the signal it gets aborts when the
 * caller's does or when `request.timeout` expires, so a page that is slow to start or to end
 * is given up at the timeout. A timed-out read is one attempt: the transport reads the page
 * itself with one retry less, or, with none left, the list fails with the timeout.
 *
 * @throws {TimeoutError} when the read timed out and no retry is left
 * @throws {ApiError} the error `toError` makes of a definitive error answer (a 404, a 403)
 */
export async function readPageWithin(
  reader: PageReader,
  request: Omit<PageReadRequest, 'signal'>,
  signal: AbortSignal | undefined,
  maxRetries: number,
  toError: (response: Response) => Promise<ApiError>,
): Promise<PageReaderOutcome> {
  const attempt = attemptSignal(signal, request.timeout)
  // The reader may take its time to see the signal (the Node network loads undici first).
  const given = new Promise<undefined>((resolve) => {
    if (attempt.signal.aborted) resolve(undefined)
    attempt.signal.addEventListener('abort', () => resolve(undefined), { once: true })
  })
  let answer: unknown
  try {
    answer = await Promise.race([reader({ ...request, signal: attempt.signal }), given])
  } catch (error) {
    // A reader that rejects when its signal aborts: our timeout is the failure then.
    if (!attempt.signal.aborted) throw error
  } finally {
    attempt.release()
  }
  if (answer === undefined && attempt.timedOut()) {
    if (maxRetries > 0) return { maxRetries: maxRetries - 1 }
    throw new TimeoutError({
      method: 'GET',
      url: redactUrl(request.url),
      timeoutMs: request.timeout,
      attempts: 1,
    })
  }
  const body = await pageFromAnswer(answer, toError)
  return body === undefined ? { maxRetries } : { body }
}
