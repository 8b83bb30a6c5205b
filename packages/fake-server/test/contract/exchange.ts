import type { Answer } from './http-call.js'
import type { Target } from './target.js'

/** What an exchange observed on one server. */
export interface Outcome {
  /** The answer under test (HTTP exchanges). */
  answer?: Answer
  /** The messages received (websocket exchanges). */
  messages?: unknown[]
  /** Facts the exchange derived (ids relative to each other, states): equal on both servers. */
  facts?: Record<string, unknown>
}

/**
 * One exchange of the contract, written once and run against the real server and the
 * fake. Their answers must agree in status, `Content-Type`, the headers named here, the
 * body's shape (and the problem's `title`), the `schema` when one is named, and `facts`.
 */
export interface ContractExchange {
  name: string
  /** The endpoints of `SERVED_ENDPOINTS` the exchange is about (for the coverage check). */
  endpoints: string[]
  /** Headers whose values must be equal. */
  sameHeaders?: string[]
  /** Headers both must send, whatever their values. */
  presentHeaders?: string[]
  /** A schema of the models package that a JSON body must satisfy on both. */
  schema?: { safeParse(value: unknown): { error?: unknown } }
  /** How bodies compare when not by JSON shape: byte for byte (whatever the type), as tar members, or not at all. */
  body?: 'bytes' | 'tar' | 'none'
  run(target: Target): Promise<Outcome>
}
