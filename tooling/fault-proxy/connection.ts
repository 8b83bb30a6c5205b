import { connect, type Socket } from 'node:net'
import { PASS, type Direction, type Fate, type Fates } from './fates.js'
import { MessageFramer, type FramerEvent } from './http-framing.js'
import { seededRandom } from './random.js'

/** What the proxy recorded of one request. */
export interface RequestRecord {
  connection: number
  request: number
  method: string
  target: string
  /** Header names in lower case, as the client sent them. */
  headers: Readonly<Record<string, string>>
  /** The fate the request got. */
  fate: Fate['kind']
  /** Status of the server's final answer, once its head passed through the proxy. */
  status: number | undefined
  /** Body bytes forwarded to the server (chunked framing included). */
  bodyBytesUp: number
  /** Body bytes of the answer forwarded to the client. */
  bodyBytesDown: number
  /** Whether the whole answer reached the client. */
  answered: boolean
}

/** What the proxy recorded of one connection. */
export interface ConnectionRecord {
  connection: number
  fate: Fate['kind']
  /** Bytes forwarded from the client to the server. */
  bytesUp: number
  /** Bytes forwarded from the server to the client. */
  bytesDown: number
  /** The side that ended the connection first (`proxy`: a fate), while it is open `undefined`. */
  endedBy: 'client' | 'server' | 'proxy' | undefined
  /** Milliseconds from the last bytes forwarded (or the accept) to that end. */
  idleMsAtEnd: number | undefined
}

/** The state a connection shares with its proxy. */
export interface ProxyState {
  host: string
  port: number
  seed: number
  http: boolean
  fates: Fates
  connections: ConnectionRecord[]
  requests: RequestRecord[]
  open: Set<Socket>
}

interface RequestState {
  record: RequestRecord
  fate: Fate
  /** A `hold` fate was applied to the answer (it holds once). */
  held?: boolean
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  429: 'Too Many Requests',
}

/** One proxied connection: forwards bytes both ways and applies the fates. */
export class ProxiedConnection {
  readonly #state: ProxyState
  readonly #client: Socket
  readonly #server: Socket | undefined
  readonly #record: ConnectionRecord
  readonly #connectionFate: Fate
  readonly #upFramer: MessageFramer
  readonly #downFramer: MessageFramer
  /** Requests sent, in order, whose answers have not ended yet. */
  readonly #awaiting: RequestState[] = []
  #current: RequestState | undefined
  #onConnection = 0
  readonly #stalled = { up: false, down: false }
  /** The server's bytes kept back by a `hold` fate, until it is released. */
  #heldDown: Buffer[] | undefined
  /** What the server's end or close does, kept back with its bytes. */
  readonly #afterHeld: (() => void)[] = []
  #closed = false
  #lastBytesAt = performance.now()

  constructor(state: ProxyState, client: Socket) {
    this.#state = state
    this.#client = client
    const connection = state.connections.length + 1
    this.#connectionFate =
      state.fates.connection?.({ connection, random: seededRandom(state.seed, 1, connection) }) ?? PASS
    this.#record = { connection, fate: this.#connectionFate.kind, bytesUp: 0, bytesDown: 0, endedBy: undefined, idleMsAtEnd: undefined }
    state.connections.push(this.#record)
    this.#upFramer = new MessageFramer('request')
    this.#downFramer = new MessageFramer('response', () => this.#awaiting[0]?.record.method ?? 'GET')
    this.#track(client)
    if (this.#connectionFate.kind === 'close') {
      this.#kill(this.#connectionFate.reset === true)
      return
    }
    const server = connect({ host: state.host, port: state.port })
    this.#server = server
    this.#track(server)
    client.on('data', (chunk: Buffer) => this.#fromClient(chunk))
    server.on('data', (chunk: Buffer) => this.#fromServer(chunk))
    client.on('end', () => {
      this.#endedBy('client')
      server.end()
    })
    server.on('end', () =>
      this.#unlessHeld(() => {
        this.#endedBy('server')
        if (this.#state.http) this.#handleDown(this.#downFramer.finish())
        if (!this.#closed) client.end()
      }),
    )
    client.on('close', () => {
      this.#endedBy('client')
      this.#kill(false)
    })
    server.on('close', () =>
      this.#unlessHeld(() => {
        this.#endedBy('server')
        if (!client.writableEnded) client.end()
      }),
    )
  }

  /** The server side; only a connection closed on accept has none, and it forwards nothing. */
  get #upstream(): Socket {
    if (this.#server === undefined) throw new Error('fault proxy: no server connection')
    return this.#server
  }

  #track(socket: Socket): void {
    this.#state.open.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => this.#state.open.delete(socket))
  }

  #endedBy(side: 'client' | 'server' | 'proxy'): void {
    if (this.#record.endedBy !== undefined) return
    this.#record.endedBy = side
    this.#record.idleMsAtEnd = performance.now() - this.#lastBytesAt
  }

  /** Close both sides; `reset` sends the client a TCP reset. */
  #kill(reset: boolean): void {
    this.#endedBy('proxy')
    if (this.#closed) return
    this.#closed = true
    // end() first so that bytes already written still reach the server.
    const server = this.#server
    server?.end()
    setImmediate(() => server?.destroy())
    if (reset && !this.#client.destroyed) this.#client.resetAndDestroy()
    else this.#client.end(() => this.#client.destroy())
  }

  #fromClient(chunk: Buffer): void {
    if (this.#closed || this.#stalled.up) return
    if (!this.#state.http || this.#upFramer.tunnel) {
      this.#forward('up', chunk)
      return
    }
    for (const event of this.#upFramer.push(chunk)) {
      if (this.#closed || this.#stalled.up) return
      this.#handleUp(event)
    }
  }

  #handleUp(event: FramerEvent): void {
    if (event.type === 'head') {
      this.#onConnection += 1
      const request = this.#state.requests.length + 1
      const { method, target, headers } = event.head
      const fate =
        this.#state.fates.request?.({
          connection: this.#record.connection,
          request,
          onConnection: this.#onConnection,
          method,
          target,
          headers,
          random: seededRandom(this.#state.seed, 2, request),
        }) ?? PASS
      const record: RequestRecord = {
        connection: this.#record.connection,
        request,
        method,
        target,
        headers,
        fate: fate.kind,
        status: undefined,
        bodyBytesUp: 0,
        bodyBytesDown: 0,
        answered: false,
      }
      this.#state.requests.push(record)
      this.#current = { record, fate }
      if (fate.kind === 'close') {
        this.#kill(fate.reset === true)
        return
      }
      if (fate.kind !== 'reply') {
        this.#awaiting.push(this.#current)
        this.#forward('up', event.raw)
      }
      return
    }
    const current = this.#current
    if (current === undefined) return
    if (event.type === 'body') {
      if (current.fate.kind === 'reply') return
      const allowed = this.#budget(current.fate, 'up', current.record.bodyBytesUp, event.raw.length)
      current.record.bodyBytesUp += allowed
      this.#forward('up', event.raw.subarray(0, allowed))
      if (allowed < event.raw.length || this.#reached(current.fate, 'up', current.record.bodyBytesUp)) {
        this.#act(current.fate)
      }
      return
    }
    if (current.fate.kind === 'reply') this.#reply(current.fate.status, current.fate.body)
    else if (this.#reached(current.fate, 'up', current.record.bodyBytesUp)) this.#act(current.fate)
  }

  /** How many of `length` more bytes may pass under `fate` after `done` bytes. */
  #budget(fate: Fate, direction: Direction, done: number, length: number): number {
    if ((fate.kind !== 'cut' && fate.kind !== 'stall') || fate.direction !== direction) return length
    return Math.max(0, Math.min(length, fate.afterBytes - done))
  }

  #reached(fate: Fate, direction: Direction, done: number): boolean {
    return (
      (fate.kind === 'cut' || fate.kind === 'stall') &&
      fate.direction === direction &&
      done >= fate.afterBytes
    )
  }

  /** Apply a cut or a stall whose byte count was reached. */
  #act(fate: Fate): void {
    if (fate.kind === 'cut') this.#kill(fate.reset === true)
    else if (fate.kind === 'stall') this.#stall(fate.direction)
  }

  /**
   * Forward nothing more that way. Up, the client is paused, so that it sees its bytes
   * no longer taken; down, the server's bytes are read and dropped, so that its close is
   * still seen (and passed on to the client).
   */
  #stall(direction: Direction): void {
    this.#stalled[direction] = true
    if (direction === 'up') this.#client.pause()
  }

  #reply(status: number, body = `fault proxy: ${status}\n`): void {
    const text = STATUS_TEXT[status] ?? 'Error'
    const head =
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`
    this.#endedBy('proxy')
    this.#closed = true
    this.#server?.destroy()
    this.#client.end(head + body)
  }

  /** Send bytes on, under the connection's own fate. */
  #forward(direction: Direction, chunk: Buffer): void {
    if (chunk.length === 0 || this.#closed) return
    const field = direction === 'up' ? 'bytesUp' : 'bytesDown'
    const allowed = this.#budget(this.#connectionFate, direction, this.#record[field], chunk.length)
    const target = direction === 'up' ? this.#upstream : this.#client
    const source = direction === 'up' ? this.#client : this.#upstream
    if (allowed > 0) {
      this.#record[field] += allowed
      this.#lastBytesAt = performance.now()
      if (!target.write(chunk.subarray(0, allowed))) {
        source.pause()
        target.once('drain', () => {
          if (!this.#stalled[direction]) source.resume()
        })
      }
    }
    if (this.#reached(this.#connectionFate, direction, this.#record[field])) this.#act(this.#connectionFate)
  }

  #fromServer(chunk: Buffer): void {
    if (this.#closed || this.#stalled.down) return
    if (this.#heldDown !== undefined) {
      this.#heldDown.push(chunk)
      return
    }
    const awaited = this.#awaiting[0]
    if (awaited?.fate.kind === 'hold' && awaited.held !== true) {
      this.#hold(awaited, awaited.fate.until, chunk)
      return
    }
    if (!this.#state.http || this.#downFramer.tunnel) {
      const tunnel = this.#awaiting[0]
      if (tunnel !== undefined) tunnel.record.bodyBytesDown += chunk.length
      this.#forward('down', chunk)
      return
    }
    this.#handleDown(this.#downFramer.push(chunk))
  }

  /** Keep the server's bytes back from `chunk` on until `until` settles (the server paused meanwhile). */
  #hold(request: RequestState, until: Promise<unknown>, chunk: Buffer): void {
    request.held = true
    this.#heldDown = [chunk]
    this.#upstream.pause()
    const release = (): void => {
      const held = this.#heldDown ?? []
      this.#heldDown = undefined
      for (const bytes of held) this.#fromServer(bytes)
      for (const action of this.#afterHeld.splice(0)) action()
      this.#upstream.resume()
    }
    until.then(release, release)
  }

  /** Run `action` now, or after the bytes held back, when a `hold` keeps some. */
  #unlessHeld(action: () => void): void {
    if (this.#heldDown === undefined) action()
    else this.#afterHeld.push(action)
  }

  #handleDown(events: FramerEvent[]): void {
    for (const event of events) {
      if (this.#closed || this.#stalled.down) return
      const current = this.#awaiting[0]
      if (current === undefined) {
        if (event.type !== 'end') this.#forward('down', event.raw)
        continue
      }
      const { fate, record } = current
      if (event.type === 'head') {
        if (event.head.status >= 200 || event.head.status === 101) record.status = event.head.status
        if (event.head.status === 101) this.#upFramer.startTunnel()
        if (fate.kind !== 'drop-response') this.#forward('down', event.raw)
        // A cut or stall after 0 bytes of the answer happens right after its head.
        if (event.head.status >= 200 && this.#reached(fate, 'down', 0)) this.#act(fate)
      } else if (event.type === 'body') {
        if (fate.kind === 'drop-response') continue
        const allowed = this.#budget(fate, 'down', record.bodyBytesDown, event.raw.length)
        record.bodyBytesDown += allowed
        this.#forward('down', event.raw.subarray(0, allowed))
        if (this.#reached(fate, 'down', record.bodyBytesDown)) this.#act(fate)
      } else if (!event.interim) {
        this.#awaiting.shift()
        if (fate.kind === 'drop-response') this.#kill(fate.reset === true)
        else record.answered = true
      }
    }
  }
}
