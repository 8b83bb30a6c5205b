import {
  classifyNetworkFailure,
  ConnectionError,
  TimeoutError,
  type Logger,
  type Transport,
} from '@debusine-ts/transport'
import { ChannelMessageTooLargeError } from './channel-message-too-large-error.js'
import { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
import { openChannelSocket, type ChannelSocket } from './channel-socket.js'
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
  /** The largest message accepted, in bytes; a larger one closes the connection. */
  maxMessageBytes: number
  /** Called with the socket as soon as it exists, so that the subscription can close it. */
  onSocket: (socket: ChannelSocket | undefined) => void
  /** The server said `connected`; `serverDate` is the handshake's `Date` header. */
  onConnected: (serverDate: string | undefined) => void
  /** A `work_request_completed` message. */
  onCompleted: (message: ChannelMessage) => void
}

const normalClosure = 1000

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
  socket: ChannelSocket,
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
    if (!socket.canPing) return
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

/** What one connection learned while it lasted. */
interface ConnectionState {
  connected: boolean
  serverDate: string | undefined
  /** A refusal no reconnection can fix. */
  fatal: Error | undefined
  /** What went wrong on our side. */
  failure: Error | undefined
}

function recordError(state: ConnectionState, url: string, error: Error): void {
  if (ChannelMessageTooLargeError.isInstance(error)) {
    state.failure ??= error
    return
  }
  const refusal = handshakeRefusal(error)
  if (refusal !== undefined) state.fatal ??= refusal
  else
    state.failure ??= new ConnectionError({
      method: 'GET',
      url,
      ...classifyNetworkFailure(error),
      cause: error,
    })
}

function outcomeOf(state: ConnectionState, code: number, reason: string): ConnectionOutcome {
  return {
    connected: state.connected,
    code: code === 1005 || code === 1006 ? undefined : code,
    reason: reason || state.failure?.message || `closed (${code})`,
    error: state.failure,
  }
}

/**
 * Open one websocket to the completion channel and follow it until it ends: resolves with
 * how it ended, rejects with a refusal ({@link TokenRejectedError}, {@link ChannelRejectedError},
 * `TokenDisabledError`). Where the runtime can ping (Node), pings every
 * `heartbeatIntervalMs` and drops a connection whose pong does not come within
 * `heartbeatTimeoutMs`.
 */
export async function connectOnce(setup: ConnectionSetup): Promise<ConnectionOutcome> {
  const { url, logger } = setup
  const connection = await setup.transport.websocketConnection(url)
  const state: ConnectionState = {
    connected: false,
    serverDate: undefined,
    fatal: undefined,
    failure: undefined,
  }
  return new Promise((resolve, reject) => {
    const handlers = {
      connected: (): void => {
        state.connected = true
        clearTimeout(connectTimer)
        pulse.start()
        setup.onConnected(state.serverDate)
      },
      work_request_completed: setup.onCompleted,
    }
    const socket = openChannelSocket(
      url,
      {
        headers: setup.transport.websocketHandshakeHeaders(),
        handshakeTimeoutMs: setup.connectTimeoutMs,
        maxMessageBytes: setup.maxMessageBytes,
        connection,
      },
      {
        upgrade: (date) => {
          state.serverDate = date
        },
        message: (data) => {
          pulse.alive()
          if (state.fatal !== undefined) return
          try {
            processAsyncMessage(data, handlers, logger)
          } catch (error) {
            state.fatal = error as Error
            socket.close(normalClosure)
          }
        },
        pong: () => pulse.alive(),
        error: (error) => recordError(state, url, error),
        close: (code, reason) => {
          clearTimeout(connectTimer)
          pulse.stop()
          setup.onSocket(undefined)
          if (state.fatal !== undefined) reject(state.fatal)
          else resolve(outcomeOf(state, code, reason))
        },
      },
    )
    setup.onSocket(socket)
    const connectTimer = setTimeout(() => {
      state.failure = new TimeoutError({ method: 'GET', url, timeoutMs: setup.connectTimeoutMs })
      socket.terminate()
    }, setup.connectTimeoutMs)
    const pulse = heartbeat(socket, setup, (error) => {
      state.failure = error
    })
  })
}
