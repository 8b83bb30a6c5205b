const date = String.raw`(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?|-?W(\d{2})(?:-?([1-7]))?)?`
const time = String.raw`(\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,]\d{1,6})?)?)?`
const zone = String.raw`(?:Z|[+-]\d{2}(?::?\d{2})?)?`
const isoPattern = new RegExp(`^${date}(?:T${time}${zone})?$`)

/**
 * Whether `text` is an ISO 8601 date or date-time that dateutil's `isoparse` (the Python
 * CLI's check of `--expire-at`) accepts: `2030-01-02`, `20300102`, `2030-W01-2`,
 * `2030-01-02T03:04:05+01:00`, with real months, days, hours and minutes.
 */
export function isIsoDate(text: string): boolean {
  const match = isoPattern.exec(text)
  if (match === null) return false
  const [, year, month, day, , , hour, minute, second] = match.map((part) =>
    part === undefined ? undefined : Number(part),
  )
  if (month !== undefined && (month < 1 || month > 12)) return false
  if (day !== undefined && (day < 1 || day > new Date(Date.UTC(year ?? 0, month ?? 1, 0)).getUTCDate()))
    return false
  return (hour ?? 0) <= 24 && (minute ?? 0) < 60 && (second ?? 0) < 60
}
