import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:task-configuration` collections: the git commit they were loaded from, if any. */
export const TaskConfigurationCollectionDataSchema = lazySchema(() =>
  z.looseObject({
    git_commit: z.string().nullable().optional(),
  }),
)
/** Data of a task configuration collection. */
export type TaskConfigurationCollectionData = z.infer<typeof TaskConfigurationCollectionDataSchema>
