/**
 * Instants of the completion channel in microseconds since the epoch: the server's
 * datetimes carry microseconds, which `Date` would round away, and the ledger orders and
 * compares completions by them. (The same rules as the events package's own helpers,
 * which it does not export.)
 */

const isoPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i

/**
 * The microseconds since the epoch of an ISO 8601 datetime with a `Z` or `±hh:mm` offset.
 *
 * @throws {RangeError} when the value is not such a datetime
 */
export function toMicroseconds(iso: string): number {
  const match = isoPattern.exec(iso)
  if (match === null) throw new RangeError(`not an ISO 8601 datetime with an offset: ${iso}`)
  const [, seconds = '', fraction = '', offset = 'Z'] = match
  const milliseconds = Date.parse(`${seconds}${offset.toUpperCase() === 'Z' ? 'Z' : offset}`)
  if (Number.isNaN(milliseconds)) throw new RangeError(`not a valid datetime: ${iso}`)
  return milliseconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6))
}

/** An instant in the Python client's format: `2026-10-28T13:17:55.123456+00:00`. */
export function formatMicroseconds(micros: number): string {
  const wholeSeconds = Math.floor(micros / 1_000_000)
  const fraction = micros - wholeSeconds * 1_000_000
  const seconds = new Date(wholeSeconds * 1000).toISOString().slice(0, 19)
  return `${seconds}${fraction === 0 ? '' : `.${String(fraction).padStart(6, '0')}`}+00:00`
}
