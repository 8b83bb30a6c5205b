import * as z from 'zod'

/** Data of `debusine:task-configuration` collections: the git commit they were loaded from, if any. */
export const TaskConfigurationCollectionDataSchema = z.looseObject({
  git_commit: z.string().nullable().optional(),
})
/** Data of a task configuration collection. */
export type TaskConfigurationCollectionData = z.infer<typeof TaskConfigurationCollectionDataSchema>
