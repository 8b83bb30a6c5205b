import type { ServerResponse } from 'node:http'

/**
 * Make `response` send its body `chunkBytes` at a time, waiting `delayMs` before each
 * block: the handler writes as usual, the blocks leave later. Headers leave at once.
 */
export function slowBody(response: ServerResponse, delayMs: number, chunkBytes = 1): void {
  const held: Buffer[] = []
  const write = response.write.bind(response) as (chunk: Buffer) => boolean
  const end = response.end.bind(response) as () => ServerResponse
  const keep = (chunk: unknown) => {
    if (chunk != null && typeof chunk !== 'function') held.push(Buffer.from(chunk as Buffer | string))
  }
  response.write = ((chunk: unknown) => {
    keep(chunk)
    return true
  }) as ServerResponse['write']
  response.end = ((chunk?: unknown) => {
    keep(chunk)
    response.flushHeaders()
    const body = Buffer.concat(held)
    const step = Math.max(1, chunkBytes)
    const send = (offset: number): void => {
      if (response.destroyed) return
      if (offset >= body.length) {
        end()
        return
      }
      write(body.subarray(offset, offset + step))
      setTimeout(() => send(offset + step), delayMs)
    }
    setTimeout(() => send(0), delayMs)
    return response
  }) as ServerResponse['end']
}
