/** The `Accept` header of JSON requests: JSON, and Debusine's problem documents. */
export const jsonAccept = 'application/json, application/problem+json;q=0.9'

/** Browsers refuse to let scripts set User-Agent: there we do not try. */
export const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined'

/** The media type of an answer, for messages. */
export function mediaTypeOf(response: Response): string {
  return response.headers.get('content-type') ?? 'no content type'
}
