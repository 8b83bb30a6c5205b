import { connect as connectTcp, isIP, type Socket } from 'node:net'
import { connect as connectTls, type ConnectionOptions } from 'node:tls'
import { classifyNetworkFailure, ConnectionError, redactUrl } from '@debusine-ts/transport'
import { HttpFramingError, HttpResponseReader, type ResponseHead } from './http-response-reader.js'

/** Where the body of the answer to a {@link socketRequest} goes. */
export interface BodySink {
  /**
   * Take a block, valid only during the call (it must be copied to be kept). The socket is
   * not read again before it returns, so a sink that writes synchronously holds the reading
   * back as long as it needs; throwing ends the request with that error.
   */
  accept: (block: Uint8Array) => void
}

/** A request body its owner writes to the connection. */
export interface RequestBody {
  /** Its length in bytes, sent as `Content-Length`. */
  length: number
  /**
   * Write the body to `socket`, waiting for `'drain'` when it is full; resolves once every
   * byte was handed to the socket. It is dropped unread when the answer comes first.
   */
  send: (socket: Socket) => Promise<void>
}

/** What {@link socketRequest} sends and where it reports. */
export interface SocketRequestInput {
  method: string
  url: string
  /** Request headers (`Host`, `Connection`, `Accept-Encoding` and `Content-Length` are set here). */
  headers: Headers
  body?: RequestBody | undefined
  signal: AbortSignal
  /** The head arrived; return `false` to close the connection without reading the body. */
  onHead: (head: ResponseHead) => boolean
  sink: BodySink
}

/** Whether requests may go over connections of their own: not when Node's fetch is told to use a proxy. */
export function ownConnectionsAllowed(): boolean {
  return !process.env.NODE_USE_ENV_PROXY && !process.execArgv.includes('--use-env-proxy')
}

// One reused read buffer per connection: the body is never allocated block by block.
const READ_BUFFER_SIZE = 256 * 1024

/**
 * A read of the body shorter than this says the bytes come slower than they are taken (the
 * server gzips a `.tar.gz` at ~17 MiB/s and sends it in ~10 KiB chunks): read at once, every
 * chunk wakes this process, a wake-up the server's send pays for too. Reading then waits
 * {@link GATHER_MS} so the kernel gathers a larger read: far fewer reads and wake-ups, less
 * CPU for the server's HTTP workers too, and the archive arrives sooner. A fast body fills
 * the read buffer and never waits.
 */
const SHORT_READ = 64 * 1024
const GATHER_MS = 3

const SET_HERE = new Set(['host', 'connection', 'accept-encoding', 'content-length', 'transfer-encoding'])

function requestBytes(input: SocketRequestInput, url: URL): Buffer {
  const lines = [`${input.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`]
  for (const [name, value] of input.headers) {
    if (/[\r\n]/.test(value)) throw new TypeError(`header ${name} holds a line break`)
    if (!SET_HERE.has(name)) lines.push(`${name}: ${value}`)
  }
  if (input.body !== undefined) lines.push(`Content-Length: ${input.body.length}`)
  lines.push('Accept-Encoding: identity', 'Connection: close', '', '')
  return Buffer.from(lines.join('\r\n'), 'latin1')
}

function openSocket(url: URL, onRead: (length: number, buffer: Uint8Array) => boolean): Socket {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const onread = { buffer: Buffer.allocUnsafe(READ_BUFFER_SIZE), callback: onRead }
  if (url.protocol === 'https:') {
    // `onread` works for TLS sockets too (Node 15+); @types/node lists it for net only.
    const options: ConnectionOptions & { onread: typeof onread } = {
      host,
      port,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ALPNProtocols: ['http/1.1'],
      onread,
    }
    return connectTls(options)
  }
  return connectTcp({ host, port, onread, noDelay: true })
}

/**
 * Send a request over a socket of its own (`Connection: close`) and pass the body of the
 * answer to `sink` from one reused read buffer. Node's fetch allocates every block it reads (and copies what it sends through web
 * streams); for a large transfer that costs CPU and, until the garbage collector runs,
 * tens of MiB.
 *
 * @returns the head of the answer, once its body is complete (or as soon as `onHead` declined it)
 * @throws {ConnectionError} when the connection fails or closes before the answer's end
 */
export function socketRequest(input: SocketRequestInput): Promise<ResponseHead | undefined> {
  const url = new URL(input.url)
  const describedUrl = redactUrl(input.url)
  let head: ResponseHead | undefined
  const reader = new HttpResponseReader({
    onHead: (received) => {
      head = received
      return input.onHead(received)
    },
    onBody: (block) => input.sink.accept(block),
  })
  return new Promise((resolve, reject) => {
    let settled = false
    let gathering: NodeJS.Timeout | undefined
    const finish = (error: Error | undefined): void => {
      if (settled) return
      settled = true
      clearTimeout(gathering)
      input.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (error === undefined) resolve(head)
      else reject(error)
    }
    const cut = (reason: string, cause?: unknown): void =>
      finish(
        new ConnectionError({ method: input.method, url: describedUrl, reason, requestSent: true, cause }),
      )
    const onAbort = (): void =>
      finish(input.signal.reason instanceof Error ? input.signal.reason : new Error('aborted'))
    const onRead = (length: number, buffer: Uint8Array): boolean => {
      try {
        reader.feed(buffer.subarray(0, length))
      } catch (error) {
        // Bad bytes from the server are a cut connection; a sink that failed (a full disk) is not.
        if (error instanceof HttpFramingError) cut(error.message, error)
        else finish(error instanceof Error ? error : new Error(String(error)))
        return false
      }
      if (reader.stopped || reader.complete) {
        finish(undefined)
        return false
      }
      if (length >= SHORT_READ || head === undefined) return true
      gathering = setTimeout(() => socket.resume(), GATHER_MS)
      return false
    }
    const socket = openSocket(url, onRead)
    // The suite's one classifier: a refused connection, for one, proves nothing was sent.
    socket.on('error', (error) =>
      finish(
        new ConnectionError({ method: input.method, url: describedUrl, ...classifyNetworkFailure(error) }),
      ),
    )
    socket.on('end', () => {
      if (reader.complete || reader.endsWithClose) finish(undefined)
      else
        cut(head === undefined ? 'the connection closed before an answer' : 'the connection closed mid-body')
    })
    socket.on('close', () => cut('the connection closed'))
    if (input.signal.aborted) return onAbort()
    input.signal.addEventListener('abort', onAbort, { once: true })
    socket.write(requestBytes(input, url))
    // The body's own failure (a file that shrank) ends the request; the connection's come
    // through 'error', unless the answer came first (a 413 before the whole body was read).
    input.body
      ?.send(socket)
      .catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))))
  })
}
