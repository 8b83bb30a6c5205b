import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:test` artifacts (tests only): no fields. */
export const DebusineTestDataSchema = lazySchema(() => z.strictObject({}))
/** Data of a test artifact. */
export type DebusineTestData = z.infer<typeof DebusineTestDataSchema>
