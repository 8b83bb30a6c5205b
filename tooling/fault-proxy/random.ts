/**
 * A small seeded pseudo-random generator (SplitMix32-style mixing feeding Mulberry32):
 * the same seed and stream key always give the same numbers, whatever the order in which
 * connections or requests arrive.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
}

/** Mix two 32-bit integers into a new one (used to derive one stream per connection and request). */
export function mixSeed(seed: number, key: number): number {
  let value = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(key + 1, 0xc2b2ae35)) >>> 0
  value = Math.imul(value ^ (value >>> 16), 0x7feb352d) >>> 0
  value = Math.imul(value ^ (value >>> 15), 0x846ca68b) >>> 0
  return (value ^ (value >>> 16)) >>> 0
}

/** A generator for `seed`, optionally keyed (connection number, request number, …). */
export function seededRandom(seed: number, ...keys: number[]): Random {
  let state = keys.reduce((value, key) => mixSeed(value, key), mixSeed(seed, 0x5eed))
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
  }
}
