/** The status line and headers of an HTTP/1.1 response. */
export interface ResponseHead {
  status: number
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Map<string, string>
}

/** What {@link HttpResponseReader} reports while it reads. */
export interface ResponseReaderEvents {
  /** The head arrived; return `false` to stop reading (the body is not wanted). */
  onHead: (head: ResponseHead) => boolean
  /** Bytes of the body, valid only during the call (the read buffer is reused). */
  onBody: (block: Uint8Array) => void
}

/** Malformed bytes from the server: treated as a cut connection by the caller. */
export class HttpFramingError extends Error {}

const MAX_HEAD_BYTES = 64 * 1024
const CR = 13
const LF = 10

type Framing = { kind: 'length'; remaining: number } | { kind: 'chunked' } | { kind: 'until-close' }

type ChunkState = 'size' | 'data' | 'data-end' | 'trailer'

function indexOfHeadEnd(bytes: Uint8Array, from: number): number {
  for (let index = Math.max(from, 3); index < bytes.length; index += 1) {
    if (bytes[index] === LF && bytes[index - 1] === CR && bytes[index - 2] === LF && bytes[index - 3] === CR)
      return index + 1
  }
  return -1
}

function parseHead(text: string): ResponseHead {
  const lines = text.split('\r\n')
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')
  if (match === null) throw new HttpFramingError(`not an HTTP/1.1 status line: ${JSON.stringify(lines[0])}`)
  const headers = new Map<string, string>()
  for (const line of lines.slice(1)) {
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) throw new HttpFramingError(`malformed header line: ${JSON.stringify(line)}`)
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    const before = headers.get(name)
    headers.set(name, before === undefined ? value : `${before}, ${value}`)
  }
  return { status: Number(match[1]), headers }
}

function framingOf(head: ResponseHead): Framing {
  const encoding = head.headers.get('transfer-encoding')
  if (encoding !== undefined) {
    if (encoding.toLowerCase().split(',').pop()?.trim() !== 'chunked')
      throw new HttpFramingError(`unsupported transfer-encoding: ${encoding}`)
    return { kind: 'chunked' }
  }
  const length = head.headers.get('content-length')
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) throw new HttpFramingError(`bad content-length: ${length}`)
    return { kind: 'length', remaining: Number(length) }
  }
  if (head.status === 204 || head.status === 304) return { kind: 'length', remaining: 0 }
  return { kind: 'until-close' }
}

/**
 * An incremental reader of one HTTP/1.1 response (sent with `Connection: close`): feed it
 * the bytes of the connection as they arrive; it parses the head, then passes the body on
 * without copying it, undoing chunked transfer coding, and tells when the body is complete.
 */
export class HttpResponseReader {
  readonly #events: ResponseReaderEvents
  #head: Uint8Array = new Uint8Array(0)
  #framing: Framing | undefined
  #chunkState: ChunkState = 'size'
  #chunkRemaining = 0
  #line = ''
  #complete = false
  #stopped = false

  constructor(events: ResponseReaderEvents) {
    this.#events = events
  }

  /** Whether the whole body arrived (for a body that ends with the connection: never before the close). */
  get complete(): boolean {
    return this.#complete
  }

  /** Whether the body ends only when the connection closes. */
  get endsWithClose(): boolean {
    return this.#framing?.kind === 'until-close'
  }

  /** Whether `onHead` declined the body. */
  get stopped(): boolean {
    return this.#stopped
  }

  /**
   * Take the next bytes of the connection.
   * @throws {HttpFramingError} when the bytes are not a valid response
   */
  feed(bytes: Uint8Array): void {
    let rest = bytes
    if (this.#framing === undefined) {
      const body = this.#readHead(rest)
      if (body === undefined || this.#stopped) return
      rest = body
    }
    if (this.#complete || rest.length === 0) return
    const framing = this.#framing as Framing
    if (framing.kind === 'until-close') {
      this.#events.onBody(rest)
    } else if (framing.kind === 'length') {
      const take = Math.min(framing.remaining, rest.length)
      if (take > 0) this.#events.onBody(rest.subarray(0, take))
      framing.remaining -= take
      this.#complete = framing.remaining === 0
    } else {
      this.#readChunked(rest)
    }
  }

  /** The head's bytes gathered so far, plus `bytes`: returns the body bytes after the head, once complete. */
  #readHead(bytes: Uint8Array): Uint8Array | undefined {
    const searchFrom = Math.max(0, this.#head.length - 3)
    const joined = new Uint8Array(this.#head.length + bytes.length)
    joined.set(this.#head)
    joined.set(bytes, this.#head.length)
    const end = indexOfHeadEnd(joined, searchFrom)
    if (end < 0) {
      if (joined.length > MAX_HEAD_BYTES) throw new HttpFramingError('response head over 64 KiB')
      this.#head = joined
      return undefined
    }
    const head = parseHead(new TextDecoder('latin1').decode(joined.subarray(0, end - 4)))
    if (head.status >= 100 && head.status < 200) {
      // An interim answer (100 Continue): the real head follows.
      this.#head = new Uint8Array(0)
      return this.#readHead(joined.subarray(end))
    }
    this.#framing = framingOf(head)
    this.#head = new Uint8Array(0)
    if (this.#framing.kind === 'length' && this.#framing.remaining === 0) this.#complete = true
    if (!this.#events.onHead(head)) {
      this.#stopped = true
      return undefined
    }
    // A copy only of the few body bytes that came with the head: later reads are passed on as they are.
    return joined.subarray(end)
  }

  #readChunked(bytes: Uint8Array): void {
    let at = 0
    while (at < bytes.length && !this.#complete) {
      if (this.#chunkState === 'data') {
        const take = Math.min(this.#chunkRemaining, bytes.length - at)
        this.#events.onBody(bytes.subarray(at, at + take))
        at += take
        this.#chunkRemaining -= take
        if (this.#chunkRemaining === 0) this.#chunkState = 'data-end'
        continue
      }
      const byte = bytes[at] as number
      at += 1
      if (byte !== LF) {
        if (byte !== CR) this.#line += String.fromCharCode(byte)
        if (this.#line.length > 4096) throw new HttpFramingError('chunk line over 4 KiB')
        continue
      }
      this.#endOfLine()
    }
  }

  #endOfLine(): void {
    const line = this.#line
    this.#line = ''
    if (this.#chunkState === 'data-end') {
      if (line !== '') throw new HttpFramingError('chunk data not followed by CRLF')
      this.#chunkState = 'size'
    } else if (this.#chunkState === 'size') {
      const size = /^([0-9a-fA-F]+)\s*(;.*)?$/.exec(line)
      if (size === null) throw new HttpFramingError(`bad chunk size line: ${JSON.stringify(line)}`)
      this.#chunkRemaining = parseInt(size[1] as string, 16)
      this.#chunkState = this.#chunkRemaining === 0 ? 'trailer' : 'data'
    } else if (line === '') {
      this.#complete = true
    }
  }
}
