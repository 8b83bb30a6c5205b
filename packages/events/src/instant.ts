/**
 * Instants of the channel, in microseconds since the epoch: the server's datetimes carry
 * microseconds, which `Date` would round away, and (id, instant) is the identity of a
 * completion when the same one arrives twice (live and replayed).
 */

const isoPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i

/**
 * The microseconds since the epoch of an ISO 8601 datetime with a `Z` or `±hh:mm` offset.
 * @throws {RangeError} when the value is not such a datetime
 */
export function toMicroseconds(iso: string): number {
  const match = isoPattern.exec(iso)
  if (match === null) throw new RangeError(`not an ISO 8601 datetime with an offset: ${iso}`)
  const [, seconds = '', fraction = '', offset = 'Z'] = match
  const milliseconds = Date.parse(`${seconds}${offset.toUpperCase() === 'Z' ? 'Z' : offset}`)
  if (Number.isNaN(milliseconds)) throw new RangeError(`not a valid datetime: ${iso}`)
  const micros = Number(fraction.padEnd(6, '0').slice(0, 6))
  return milliseconds * 1000 + micros
}

/**
 * An instant as the Python client writes it (`datetime.isoformat()` of a UTC datetime):
 * `2026-10-28T13:17:55.123456+00:00`, the fraction left out when it is zero.
 */
export function formatMicroseconds(micros: number): string {
  const wholeSeconds = Math.floor(micros / 1_000_000)
  const fraction = micros - wholeSeconds * 1_000_000
  const seconds = new Date(wholeSeconds * 1000).toISOString().slice(0, 19)
  return `${seconds}${fraction === 0 ? '' : `.${String(fraction).padStart(6, '0')}`}+00:00`
}

/** The same instant in the Python client's format (`+00:00`, microseconds kept). */
export function toPythonIsoformat(iso: string): string {
  return formatMicroseconds(toMicroseconds(iso))
}
