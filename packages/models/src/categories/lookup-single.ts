import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/**
 * A lookup that names one item, as category data carries it: a string lookup
 * (`sid@debian:suite`) or a numeric artifact/collection id. The full lookup models live
 * with the resources; data keeps the value as written.
 */
export const LookupSingleValueSchema = lazySchema(() => z.union([z.string().min(1), z.int().positive()]))
/** A single lookup, as carried in category data. */
export type LookupSingleValue = z.infer<typeof LookupSingleValueSchema>
