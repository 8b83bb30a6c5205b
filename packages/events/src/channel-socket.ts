import type { WebSocketConnection } from '@debusine-ts/transport'
import WebSocket from 'isomorphic-ws'
import { ChannelMessageTooLargeError } from './channel-message-too-large-error.js'

/** One websocket of the completion channel, the same in Node and in a browser. */
export interface ChannelSocket {
  /**
   * Whether {@link ChannelSocket.ping} works: a browser answers the server's pings but
   * cannot send its own, so there the heartbeat is left to the browser.
   */
  readonly canPing: boolean
  /** Send a ping (Node only). */
  ping(): void
  /** Close with a close frame. */
  close(code: number): void
  /** Drop the connection at once. */
  terminate(): void
}

/** What a {@link ChannelSocket} reports. */
export interface ChannelSocketListeners {
  /** The handshake succeeded; `date` is its `Date` header where the runtime shows it (Node). */
  upgrade: (date: string | undefined) => void
  /** A frame: a string for a text frame, anything else for a binary one. */
  message: (data: unknown) => void
  /** The answer to a ping. */
  pong: () => void
  /** A failure of the connection or of its handshake ({@link ChannelMessageTooLargeError} for a message over the limit). */
  error: (error: Error) => void
  /** The connection ended (after `error`, if one came). */
  close: (code: number, reason: string) => void
}

/** How to open a {@link ChannelSocket}. */
export interface ChannelSocketOptions {
  /** Handshake headers; a browser cannot send them (its page's origin must add `Token`). */
  headers: Record<string, string>
  handshakeTimeoutMs: number
  /** The largest message accepted, in bytes: a larger one closes the connection with code 1009. */
  maxMessageBytes: number
  /** Node: the proxy's agent and the trust of the client's network (`Transport.websocketConnection`). */
  connection?: WebSocketConnection | undefined
}

/** The part of a browser's `WebSocket` the channel uses. */
interface BrowserWebSocket {
  binaryType: string
  onopen: (() => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onerror: (() => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  close(code?: number, reason?: string): void
}

// What ws says when a frame or message exceeds its maxPayload.
const wsTooLargeCode = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'

// isomorphic-ws is the `ws` package in Node and the global WebSocket in a browser bundle.
const inNode = typeof (WebSocket.prototype as { terminate?: unknown }).terminate === 'function'

/** The text of a text frame as ws hands it over (one buffer, fragments, or an ArrayBuffer). */
function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}

function openNodeSocket(
  url: string,
  options: ChannelSocketOptions,
  on: ChannelSocketListeners,
): ChannelSocket {
  const { agent, ca } = options.connection ?? {}
  const socket = new WebSocket(url, {
    ...(agent === undefined ? {} : { agent: agent as WebSocket.ClientOptions['agent'] }),
    ...(ca === undefined ? {} : { ca }),
    headers: options.headers,
    handshakeTimeout: options.handshakeTimeoutMs,
    // ws refuses a frame over the limit from its header, before reading it, and closes with 1009.
    maxPayload: options.maxMessageBytes,
    // Completion messages are tiny: inflating them on the thread pool only adds latency.
    perMessageDeflate: false,
  })
  socket.on('upgrade', (response) => on.upgrade(response.headers.date))
  socket.on('message', (data, isBinary) => on.message(isBinary ? data : frameText(data)))
  socket.on('pong', () => on.pong())
  socket.on('error', (error) => {
    const tooLarge = (error as { code?: unknown }).code === wsTooLargeCode
    on.error(tooLarge ? new ChannelMessageTooLargeError(options.maxMessageBytes, { cause: error }) : error)
  })
  socket.on('close', (code, reason) => on.close(code, reason.toString()))
  return {
    canPing: true,
    ping: () => socket.ping(),
    close: (code) => socket.close(code),
    terminate: () => socket.terminate(),
  }
}

/** The size of a browser's message: bytes of an ArrayBuffer, UTF-16 units of a string (at most its UTF-8 bytes). */
function browserMessageSize(data: unknown): number {
  if (typeof data === 'string') return data.length
  return data instanceof ArrayBuffer ? data.byteLength : 0
}

function openBrowserSocket(url: string, maxMessageBytes: number, on: ChannelSocketListeners): ChannelSocket {
  const Constructor = WebSocket as unknown as new (url: string) => BrowserWebSocket
  const socket = new Constructor(url)
  socket.binaryType = 'arraybuffer'
  socket.onopen = () => on.upgrade(undefined)
  socket.onmessage = (event) => {
    // A browser has read the whole message by now; refusing it still bounds what is parsed and kept.
    if (browserMessageSize(event.data) <= maxMessageBytes) return on.message(event.data)
    on.error(new ChannelMessageTooLargeError(maxMessageBytes))
    // A browser's close() takes 1000 or 3000–4999 only, not 1009.
    socket.close(1000, 'message too big')
  }
  // A browser hides why a websocket failed (not even the handshake's status).
  socket.onerror = () => on.error(new Error('the websocket connection failed'))
  socket.onclose = (event) => on.close(event.code, event.reason)
  return {
    canPing: false,
    ping: () => undefined,
    close: (code) => socket.close(code),
    terminate: () => socket.close(),
  }
}

/** Open a websocket to `url` with the runtime's implementation (ws in Node, the browser's own). */
export function openChannelSocket(
  url: string,
  options: ChannelSocketOptions,
  listeners: ChannelSocketListeners,
): ChannelSocket {
  return inNode
    ? openNodeSocket(url, options, listeners)
    : openBrowserSocket(url, options.maxMessageBytes, listeners)
}
