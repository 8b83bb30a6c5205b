import type { Random } from './random.js'

/** Which way bytes flow: `up` from the client to the server, `down` back. */
export type Direction = 'up' | 'down'

/**
 * What happens to a connection or to one request.
 *
 * - `pass`: forwarded untouched.
 * - `cut`: forward `afterBytes` bytes in `direction` (for a request: bytes of its body;
 *   for a connection: all bytes), then close both sides (`reset`: the client gets a TCP
 *   reset instead of a clean close; bytes still in flight to it may then be lost).
 * - `stall`: forward `afterBytes` bytes in `direction`, then forward nothing more that way
 *   and keep the connection open until the client gives up.
 * - `close`: close before anything reaches the server (a connection: on accept; a request:
 *   once its head arrived, as a server recycling a keep-alive connection does).
 * - `drop-response` (requests only): the server gets the whole request and answers; the
 *   client gets no byte of the answer, then the connection closes.
 * - `reply` (requests only): the server never sees the request; the proxy answers
 *   `status` itself and closes the connection.
 * - `hold` (requests only): the server's answer is kept back until `until` settles, then
 *   forwarded whole: a slow answer, released by an event of the test instead of a timer.
 */
export type Fate =
  | { kind: 'pass' }
  | { kind: 'cut'; direction: Direction; afterBytes: number; reset?: boolean }
  | { kind: 'stall'; direction: Direction; afterBytes: number }
  | { kind: 'close'; reset?: boolean }
  | { kind: 'drop-response'; reset?: boolean }
  | { kind: 'reply'; status: number; body?: string }
  | { kind: 'hold'; until: Promise<unknown> }

/** What a connection fate is decided from. */
export interface ConnectionContext {
  /** 1-based number of the connection on this proxy. */
  connection: number
  /** Numbers seeded from the proxy's seed and this connection's number only. */
  random: Random
}

/** What a request fate is decided from. */
export interface RequestContext {
  /** 1-based number of the connection that carries the request. */
  connection: number
  /** 1-based number of the request on this proxy. */
  request: number
  /** 1-based number of the request on its connection. */
  onConnection: number
  method: string
  /** Path and query as sent on the request line. */
  target: string
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>
  /** Numbers seeded from the proxy's seed and this request's number only. */
  random: Random
}

/** How fates are chosen; anything not chosen passes. */
export interface Fates {
  /** Chosen when a connection is accepted. */
  connection?: ((context: ConnectionContext) => Fate) | undefined
  /** Chosen when a request's head has arrived (HTTP mode only). */
  request?: ((context: RequestContext) => Fate) | undefined
}

/** A fate that forwards everything. */
export const PASS: Fate = { kind: 'pass' }
