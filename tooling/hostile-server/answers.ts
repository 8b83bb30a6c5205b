/**
 * Answers a hostile server's routes give: each returns a {@link HostileAnswer}. A test builds
 * the ones it needs from these, so each hostile behaviour is written once.
 */
import type { HostileAnswer } from './hostile-server.js'

/** A JSON answer, as a well-behaved server sends it (status 200 unless given). */
export function json(value: unknown, status = 200): HostileAnswer {
  return (_request, response) => {
    const body = JSON.stringify(value)
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    })
    response.end(body)
  }
}

/** Headers, then nothing: the body never starts and the connection stays open. */
export function stallAfterHeaders(status = 200, contentType = 'application/json'): HostileAnswer {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType })
    response.flushHeaders()
  }
}

/** No answer at all: the request is read, then the connection stays open and silent. */
export function stallBeforeHeaders(): HostileAnswer {
  return () => {}
}

/**
 * A JSON body that never ends: `{"items": [` and then the same element forever (chunked, no
 * length), written as fast as the client reads, or one chunk every `intervalMs` when given (a
 * trickle that never reaches a size limit), with `status`. It stops when the client goes away.
 */
export function endlessJson(chunkBytes = 64 * 1024, intervalMs?: number, status = 200): HostileAnswer {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.write('{"id": 1, "items": [')
    const element = '"x",'.repeat(Math.ceil(chunkBytes / 4))
    if (intervalMs !== undefined) {
      const timer = setInterval(() => response.write(element), intervalMs)
      response.on('close', () => clearInterval(timer))
      return
    }
    const pump = (): void => {
      while (!response.destroyed && response.write(element));
      if (!response.destroyed) response.once('drain', pump)
    }
    response.on('close', () => response.removeAllListeners('drain'))
    pump()
  }
}

/**
 * A JSON body of exactly `bytes` bytes (a long string field padded to size), sent as fast as
 * the client reads; with its `Content-Length` unless `declareLength` is false (then chunked).
 */
export function hugeJson(bytes: number, declareLength = true): HostileAnswer {
  return (_request, response) => {
    const head = '{"id": 1, "padding": "'
    const tail = '"}'
    const padding = Math.max(0, bytes - head.length - tail.length)
    response.writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': bytes } : {}),
    })
    response.write(head)
    const block = 'x'.repeat(1 << 20)
    let left = padding
    const pump = (): void => {
      while (left > 0 && !response.destroyed) {
        const part = left >= block.length ? block : block.slice(0, left)
        left -= part.length
        if (!response.write(part)) return void response.once('drain', pump)
      }
      if (!response.destroyed) response.end(tail)
    }
    pump()
  }
}

/** The answer after `delayMs`: a slow server, for timeouts that must cover the whole exchange. */
export function delayed(delayMs: number, answer: HostileAnswer): HostileAnswer {
  return (request, response, body) => {
    const timer = setTimeout(() => answer(request, response, body), delayMs)
    response.on('close', () => clearTimeout(timer))
  }
}

/** Raw bytes with the given headers: for answers a JSON helper cannot express. */
export function raw(
  status: number,
  headers: Record<string, string | number>,
  body: Buffer | string,
): HostileAnswer {
  return (_request, response) => {
    response.writeHead(status, headers)
    response.end(body)
  }
}
