/**
 * A fault-injecting TCP proxy for tests: seeded, deterministic fates per connection or per
 * HTTP request, with byte counters. See README.md.
 */
export {
  startFaultProxy,
  type FaultProxy,
  type FaultProxyOptions,
  type FaultProxyCounters,
} from './fault-proxy.js'
export {
  PASS,
  type Fate,
  type Fates,
  type Direction,
  type ConnectionContext,
  type RequestContext,
} from './fates.js'
export type { ConnectionRecord, RequestRecord } from './connection.js'
export { seededRandom, type Random } from './random.js'
