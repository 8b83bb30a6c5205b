/**
 * What the fake does instead of answering normally:
 * - `status`: answer this status with a short HTML page, without acting (a proxy's 502 or
 *   503, a 507 for a full disk);
 * - `reset-before`: drop the connection without acting;
 * - `reset-after`: act, then drop the connection instead of answering (a lost answer);
 * - `slow-body`: act and answer, but send the body `chunkBytes` at a time (default 1),
 *   waiting `delayMs` before each block (a slow link, a proxy that buffers);
 * - `recycle-close`: act and answer on a kept-alive connection, then close that connection
 *   when the client sends its next request on it, without reading it (what a client meets
 *   when the server recycles a worker between two requests: nothing was done).
 */
export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'reset-before' }
  | { kind: 'reset-after' }
  | { kind: 'slow-body'; delayMs: number; chunkBytes?: number }
  | { kind: 'recycle-close' }

/** Which requests a fault hits, and how many times. */
export interface FaultRule {
  /** The method to match (any when absent). */
  method?: string
  /** The path to match: a string matches the whole path (without query), a RegExp any part. */
  path?: string | RegExp
  fault: Fault
  /** How many matching requests the fault hits; default 1. `Infinity` for all. */
  times?: number
}
