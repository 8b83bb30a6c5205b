import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:debdiff` artifacts: what was compared with what. */
export const DebdiffDataSchema = lazySchema(() =>
  z.strictObject({
    original: z.string(),
    new: z.string(),
    label: z.string().nullable().default(null),
  }),
)
/** Data of a debdiff artifact. */
export type DebdiffData = z.infer<typeof DebdiffDataSchema>
