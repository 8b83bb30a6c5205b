import type { ServerResponse } from 'node:http'

/**
 * Answer as Debusine's enrollment endpoint does: 200 with `application/json` at once, then
 * `keepAlives` newlines `everyMs` apart, then `final` (omit it to stay silent for ever,
 * with the connection open).
 */
export async function streamAnswer(
  response: ServerResponse,
  { keepAlives, everyMs, final }: { keepAlives: number; everyMs: number; final?: string | undefined },
): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/json' })
  response.flushHeaders()
  for (let index = 0; index < keepAlives; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, everyMs))
    if (response.destroyed) return
    response.write('\n')
  }
  if (final === undefined) return
  await new Promise((resolve) => setTimeout(resolve, everyMs))
  if (!response.destroyed) response.end(final)
}
