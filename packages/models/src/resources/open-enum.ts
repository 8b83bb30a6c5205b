import * as z from 'zod'
import type { ValueOf } from '../enumerations.js'

/**
 * The values of an enumeration plus any other string: editors still suggest the known
 * values, but a value added by a newer server is accepted.
 */
export type OpenEnum<Value extends string> = Value | (string & Record<never, never>)

/**
 * A schema for a received enumeration value that may grow on newer servers: any string
 * parses, and the type still lists the known values.
 *
 * @param enumeration one of the constant objects of `enumerations.ts`
 * @example
 * const status = openEnum(WorkRequestStatus) // WorkRequestStatus | (other string)
 */
export function openEnum<const Enumeration extends Readonly<Record<string, string>>>(
  enumeration: Enumeration,
): z.ZodType<OpenEnum<ValueOf<Enumeration>>, string> {
  // @NOTE validation is only "a string" on purpose; the known values are documentation.
  return z.string().meta({ examples: Object.values(enumeration) })
}
