import * as z from 'zod'

/** Data of `debian:debdiff` artifacts: what was compared with what. */
export const DebdiffDataSchema = z.strictObject({
  original: z.string(),
  new: z.string(),
  label: z.string().nullable().default(null),
})
/** Data of a debdiff artifact. */
export type DebdiffData = z.infer<typeof DebdiffDataSchema>
