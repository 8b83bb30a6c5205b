import { appendFileSync } from 'node:fs'

/** A small seeded generator (mulberry32): the same seed gives the same moments on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` moments over `spanMs`, one in each of `count` equal slices, placed in its slice by
 * the seed: the first ones come before the create request, the last ones after the last byte.
 */
export function seededMoments(seed: number, count: number, spanMs: number): number[] {
  const next = seeded(seed)
  return Array.from({ length: count }, (_, index) => Math.round(((index + next()) / count) * spanMs))
}

/** The one line an interrupted run printed about what it left, or a failure naming all stderr. */
export function interruptLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.startsWith('debusine-ts: interrupted ('))
  if (lines.length !== 1)
    throw new Error(`expected one interrupt line on stderr, got ${lines.length}:\n${stderr}`)
  return lines[0] as string
}

/** Append an outcome to the file named by DEBUSINE_TS_INTERRUPT_REPORT (for the note), if set. */
export function recordOutcome(outcome: Record<string, unknown>): void {
  const file = process.env.DEBUSINE_TS_INTERRUPT_REPORT
  if (file !== undefined && file !== '') appendFileSync(file, `${JSON.stringify(outcome)}\n`)
}
