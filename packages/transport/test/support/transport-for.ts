import type { TransportConfig } from '../../src/transport-options.js'
import { Transport } from '../../src/transport.js'

/** Retry delays short enough for tests. */
export const fast = { initialMs: 10, maxMs: 50, maxRetryAfterMs: 5_000 }

/** A transport to a loopback server, with {@link fast} retries. */
export function transportFor(server: { apiUrl: string }, config: Partial<TransportConfig> = {}): Transport {
  return new Transport({ apiUrl: server.apiUrl, retryDelays: fast, ...config })
}
