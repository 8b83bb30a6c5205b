import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/**
 * An ISO 8601 date and time with a time zone, as the server sends it: DRF writes UTC with a
 * trailing `Z` (`2026-10-28T13:17:55.123456Z`), hand-built payloads use `+00:00`. Both
 * parse; the value stays the string received, so it serializes back unchanged.
 *
 * @example
 * DateTimeSchema.parse('2026-10-28T13:17:55.123456+00:00')
 */
export const DateTimeSchema = lazySchema(() => z.iso.datetime({ offset: true }))
/** An ISO 8601 date and time string with a `Z` or `±hh:mm` offset. */
export type DateTime = z.infer<typeof DateTimeSchema>
