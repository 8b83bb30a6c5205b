import {
  classifyNetworkFailure,
  ConnectionError,
  TimeoutError,
  type Logger,
  type Transport,
} from '@debusine-ts/transport'
import WebSocket from 'isomorphic-ws'
import { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
import { processAsyncMessage, type ChannelMessage } from './dispatch.js'

/** How one connection of the channel ended (a refusal rejects instead). */
export interface ConnectionOutcome {
  /** Whether the server had said `connected`. */
  connected: boolean
  /** The websocket close code, if the connection was closed rather than cut. */
  code: number | undefined
  reason: string
  /** What went wrong on our side (timeout, refused connection, missed heartbeat), if known. */
  error: Error | undefined
}

/** What one connection needs from its subscription. */
export interface ConnectionSetup {
  transport: Transport
  logger: Logger
  url: string
  heartbeatIntervalMs: number
  heartbeatTimeoutMs: number
  connectTimeoutMs: number
  /** Called with the socket as soon as it exists, so that the subscription can close it. */
  onSocket: (socket: WebSocket | undefined) => void
  /** The server said `connected`; `serverDate` is the handshake's `Date` header. */
  onConnected: (serverDate: string | undefined) => void
  /** A `work_request_completed` message. */
  onCompleted: (message: ChannelMessage) => void
}

const normalClosure = 1000

/** The text of a text frame as ws hands it over (one buffer, fragments, or an ArrayBuffer). */
function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}

function unexpectedStatus(error: Error): number | undefined {
  const match = /Unexpected server response: (\d{3})/.exec(error.message)
  return match === null ? undefined : Number(match[1])
}

/** A refusal of the handshake that no reconnection can fix, if `error` is one. */
function handshakeRefusal(error: Error): Error | undefined {
  const status = unexpectedStatus(error)
  if (status === 401)
    return new TokenRejectedError(`the handshake was answered with HTTP ${status}`, { status })
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new ChannelRejectedError(`the handshake was answered with HTTP ${status}; check the API URL`, {
      status,
    })
  }
  return undefined
}

/**
 * Ping `socket` every `heartbeatIntervalMs` once started; when a pong is not back within
 * `heartbeatTimeoutMs`, report it to `onDead` and terminate the socket.
 */
function heartbeat(
  socket: WebSocket,
  setup: Pick<ConnectionSetup, 'url' | 'heartbeatIntervalMs' | 'heartbeatTimeoutMs'>,
  onDead: (error: ConnectionError) => void,
): { start: () => void; alive: () => void; stop: () => void } {
  let interval: ReturnType<typeof setInterval> | undefined
  let pongTimer: ReturnType<typeof setTimeout> | undefined
  const alive = (): void => {
    clearTimeout(pongTimer)
    pongTimer = undefined
  }
  const start = (): void => {
    interval = setInterval(() => {
      if (pongTimer !== undefined) return
      pongTimer = setTimeout(() => {
        onDead(
          new ConnectionError({
            method: 'GET',
            url: setup.url,
            reason: `no answer to a ping within ${setup.heartbeatTimeoutMs} ms`,
            delivery: 'unknown',
          }),
        )
        socket.terminate()
      }, setup.heartbeatTimeoutMs)
      socket.ping()
    }, setup.heartbeatIntervalMs)
  }
  return {
    start,
    alive,
    stop: () => {
      clearInterval(interval)
      alive()
    },
  }
}

/**
 * Open one websocket to the completion channel and follow it until it ends: resolves with
 * how it ended, rejects with a refusal ({@link TokenRejectedError}, {@link ChannelRejectedError},
 * `TokenDisabledError`). Pings every `heartbeatIntervalMs` and drops a connection whose
 * pong does not come within `heartbeatTimeoutMs`.
 */
export function connectOnce(setup: ConnectionSetup): Promise<ConnectionOutcome> {
  const { url, logger } = setup
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: setup.transport.websocketHandshakeHeaders(),
      handshakeTimeout: setup.connectTimeoutMs,
      // Completion messages are tiny: inflating them on the thread pool only adds latency.
      perMessageDeflate: false,
    })
    setup.onSocket(socket)
    let connected = false
    let serverDate: string | undefined
    let fatal: Error | undefined
    let failure: Error | undefined
    const connectTimer = setTimeout(() => {
      failure = new TimeoutError({ method: 'GET', url, timeoutMs: setup.connectTimeoutMs })
      socket.terminate()
    }, setup.connectTimeoutMs)
    const pulse = heartbeat(socket, setup, (error) => {
      failure = error
    })
    const handlers = {
      connected: (): void => {
        connected = true
        clearTimeout(connectTimer)
        pulse.start()
        setup.onConnected(serverDate)
      },
      work_request_completed: setup.onCompleted,
    }
    socket.on('message', (data, isBinary) => {
      pulse.alive()
      if (fatal !== undefined) return
      try {
        processAsyncMessage(isBinary ? data : frameText(data), handlers, logger)
      } catch (error) {
        fatal = error as Error
        socket.close(normalClosure)
      }
    })
    socket.on('pong', pulse.alive)
    socket.on('upgrade', (response) => {
      serverDate = response.headers.date
    })
    socket.on('error', (error) => {
      const refusal = handshakeRefusal(error)
      if (refusal !== undefined) fatal ??= refusal
      else
        failure ??= new ConnectionError({
          method: 'GET',
          url,
          ...classifyNetworkFailure(error),
          cause: error,
        })
    })
    socket.on('close', (code, reason) => {
      clearTimeout(connectTimer)
      pulse.stop()
      setup.onSocket(undefined)
      if (fatal !== undefined) {
        reject(fatal)
        return
      }
      resolve({
        connected,
        code: code === 1005 || code === 1006 ? undefined : code,
        reason: reason.toString() || failure?.message || `closed (${code})`,
        error: failure,
      })
    })
  })
}
