import * as z from 'zod'

/** Data of `debian:repository-index` artifacts: the index's path in the repository. */
export const RepositoryIndexDataSchema = z.strictObject({
  path: z.string().nullable().default(null),
})
/** Data of a repository index artifact. */
export type RepositoryIndexData = z.infer<typeof RepositoryIndexDataSchema>
