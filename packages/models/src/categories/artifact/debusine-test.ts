import * as z from 'zod'

/** Data of `debusine:test` artifacts (tests only): no fields. */
export const DebusineTestDataSchema = z.strictObject({})
/** Data of a test artifact. */
export type DebusineTestData = z.infer<typeof DebusineTestDataSchema>
