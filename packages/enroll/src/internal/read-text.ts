import { ResponseValidationError } from '@debusine-ts/models'
import type { Deadline } from './deadline.js'

/**
 * Read a streamed body to its end as text, restarting the idle timer on every chunk
 * (keep-alive whitespace included), and refusing more than `limit` characters.
 */
export async function readText(response: Response, deadline: Deadline, limit: number): Promise<string> {
  const body = response.body
  if (body === null) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      deadline.touch()
      text += decoder.decode(value, { stream: true })
      if (text.length > limit) {
        throw new ResponseValidationError(
          'EnrollConfirmPayload',
          [{ path: '', rule: 'too_big', message: `the answer is longer than ${limit} characters` }],
          '',
        )
      }
    }
  } catch (error) {
    // Free the connection; the stream may already be errored, which is fine.
    await reader.cancel().catch(() => undefined)
    throw error
  }
  return text + decoder.decode()
}
