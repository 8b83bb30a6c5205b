/**
 * Just enough HTTP/1.1 to find where each message starts and ends in a byte stream
 * (request or response; Content-Length, chunked, until-close, interim 1xx, upgrades), so
 * the proxy can give each request its own fate. Bytes are passed on exactly as received.
 */

/** The start line and headers of a message. */
export interface MessageHead {
  /** Request: the method; response: empty. */
  method: string
  /** Request: the target (path and query); response: empty. */
  target: string
  /** Response: the status; request: 0. */
  status: number
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>
}

/** A piece of the stream, in order. */
export type FramerEvent =
  | { type: 'head'; head: MessageHead; raw: Buffer }
  | { type: 'body'; raw: Buffer }
  | { type: 'end'; interim: boolean }

const MAX_HEAD_BYTES = 256 * 1024

type BodyState =
  | { mode: 'none' }
  | { mode: 'length'; remaining: number }
  | { mode: 'chunked'; step: 'size' | 'data' | 'data-end' | 'trailer'; remaining: number; line: string }
  | { mode: 'until-close' }
  | { mode: 'tunnel' }

function parseHead(text: string, kind: 'request' | 'response'): MessageHead {
  const lines = text.split('\r\n')
  const start = lines.shift() ?? ''
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  if (kind === 'request') {
    const [method = '', target = ''] = start.split(' ')
    return { method, target, status: 0, headers }
  }
  return { method: '', target: '', status: Number(start.split(' ')[1] ?? 0), headers }
}

/**
 * Splits one direction of a connection into messages. For responses, `requestMethod`
 * tells which request the next response answers (a HEAD response has no body).
 */
export class MessageFramer {
  readonly #kind: 'request' | 'response'
  readonly #requestMethod: () => string
  #head: Buffer[] = []
  #headLength = 0
  #body: BodyState | undefined

  constructor(kind: 'request' | 'response', requestMethod: () => string = () => 'GET') {
    this.#kind = kind
    this.#requestMethod = requestMethod
  }

  /** Whether the connection was upgraded (websocket): everything is now opaque body bytes. */
  get tunnel(): boolean {
    return this.#body?.mode === 'tunnel'
  }

  /** The other direction was upgraded (a 101 answer): pass everything on as opaque bytes from now on. */
  startTunnel(): void {
    this.#body = { mode: 'tunnel' }
  }

  /** Split `chunk` into events. */
  push(chunk: Buffer): FramerEvent[] {
    const events: FramerEvent[] = []
    let rest = chunk
    while (rest.length > 0) {
      if (this.#body === undefined) rest = this.#pushHead(rest, events)
      else rest = this.#pushBody(rest, events)
    }
    return events
  }

  /** The peer closed its side: a body read until the close ends here. */
  finish(): FramerEvent[] {
    if (this.#body?.mode === 'until-close') {
      this.#body = undefined
      return [{ type: 'end', interim: false }]
    }
    return []
  }

  #pushHead(chunk: Buffer, events: FramerEvent[]): Buffer {
    this.#head.push(chunk)
    this.#headLength += chunk.length
    const joined = Buffer.concat(this.#head)
    const end = joined.indexOf('\r\n\r\n')
    if (end === -1) {
      if (this.#headLength > MAX_HEAD_BYTES) throw new Error('HTTP head too large for the fault proxy')
      this.#head = [joined]
      return Buffer.alloc(0)
    }
    this.#head = []
    this.#headLength = 0
    const raw = joined.subarray(0, end + 4)
    const head = parseHead(raw.toString('latin1', 0, end), this.#kind)
    events.push({ type: 'head', head, raw })
    this.#body = this.#bodyOf(head)
    if (this.#body.mode === 'none') this.#endMessage(events, head.status >= 100 && head.status < 200)
    return joined.subarray(end + 4)
  }

  #bodyOf(head: MessageHead): BodyState {
    if (this.#kind === 'response') {
      if (head.status === 101) return { mode: 'tunnel' }
      if ((head.status >= 100 && head.status < 200) || head.status === 204 || head.status === 304) {
        return { mode: 'none' }
      }
      if (this.#requestMethod() === 'HEAD') return { mode: 'none' }
    }
    if (/\bchunked\b/i.test(head.headers['transfer-encoding'] ?? '')) {
      return { mode: 'chunked', step: 'size', remaining: 0, line: '' }
    }
    const length = head.headers['content-length']
    if (length !== undefined) {
      const remaining = Number(length)
      return remaining > 0 ? { mode: 'length', remaining } : { mode: 'none' }
    }
    return this.#kind === 'response' ? { mode: 'until-close' } : { mode: 'none' }
  }

  #endMessage(events: FramerEvent[], interim: boolean): void {
    if (this.#body?.mode !== 'tunnel') this.#body = undefined
    events.push({ type: 'end', interim })
  }

  #pushBody(chunk: Buffer, events: FramerEvent[]): Buffer {
    const body = this.#body as BodyState
    switch (body.mode) {
      case 'tunnel':
      case 'until-close':
        events.push({ type: 'body', raw: chunk })
        return Buffer.alloc(0)
      case 'length': {
        const taken = Math.min(body.remaining, chunk.length)
        events.push({ type: 'body', raw: chunk.subarray(0, taken) })
        body.remaining -= taken
        if (body.remaining === 0) this.#endMessage(events, false)
        return chunk.subarray(taken)
      }
      case 'chunked':
        return this.#pushChunked(body, chunk, events)
      case 'none':
        this.#endMessage(events, false)
        return chunk
    }
  }

  #pushChunked(body: Extract<BodyState, { mode: 'chunked' }>, chunk: Buffer, events: FramerEvent[]): Buffer {
    let offset = 0
    while (offset < chunk.length) {
      if (body.step === 'data') {
        const taken = Math.min(body.remaining, chunk.length - offset)
        offset += taken
        body.remaining -= taken
        if (body.remaining === 0) body.step = 'data-end'
        continue
      }
      // Line-based steps: the size line, the CRLF after data, the trailer lines.
      const newline = chunk.indexOf(0x0a, offset)
      const end = newline === -1 ? chunk.length : newline + 1
      body.line += chunk.toString('latin1', offset, end)
      offset = end
      if (newline === -1) break
      const line = body.line.trim()
      body.line = ''
      if (body.step === 'size') {
        body.remaining = parseInt(line.split(';')[0] ?? '0', 16)
        body.step = body.remaining > 0 ? 'data' : 'trailer'
      } else if (body.step === 'data-end') {
        body.step = 'size'
      } else if (line === '') {
        events.push({ type: 'body', raw: chunk.subarray(0, offset) })
        this.#endMessage(events, false)
        return chunk.subarray(offset)
      }
    }
    events.push({ type: 'body', raw: chunk.subarray(0, offset) })
    return chunk.subarray(offset)
  }
}
