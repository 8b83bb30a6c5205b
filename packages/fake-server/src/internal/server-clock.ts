/**
 * The fake's clock: server times as the real server renders them (ISO 8601, microseconds,
 * `Z`), strictly increasing so that two events never share an instant (replay of the
 * completion channel selects by instant).
 */
export class ServerClock {
  private lastMicros = 0

  /** Now, as a wire datetime such as `2026-10-28T13:17:55.123456Z`. */
  now(): string {
    const micros = Math.max(Date.now() * 1000, this.lastMicros + 1)
    this.lastMicros = micros
    return formatServerTime(micros)
  }
}

/** A count of microseconds since the epoch as a wire datetime. */
export function formatServerTime(micros: number): string {
  const millis = Math.floor(micros / 1000)
  const seconds = new Date(millis).toISOString().slice(0, 19)
  const fraction = String(micros % 1_000_000).padStart(6, '0')
  return `${seconds}.${fraction}Z`
}

/** A wire datetime (`Z` or an offset, any fraction) as microseconds since the epoch. */
export function parseServerTime(text: string): number | null {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,6})\d*)?(Z|[+-]\d\d:?\d\d)?$/.exec(text.trim())
  if (match == null) return null
  const millis = Date.parse(`${match[1]!}${match[3] ?? 'Z'}`)
  if (Number.isNaN(millis)) return null
  return millis * 1000 + Number((match[2] ?? '').padEnd(6, '0'))
}
