import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debian:repository-index` artifacts: the index's path in the repository. */
export const RepositoryIndexDataSchema = lazySchema(() =>
  z.strictObject({
    path: z.string().nullable().default(null),
  }),
)
/** Data of a repository index artifact. */
export type RepositoryIndexData = z.infer<typeof RepositoryIndexDataSchema>
