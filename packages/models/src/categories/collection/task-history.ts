import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/**
 * Data of `debusine:task-history` collections (one per workspace, named `_`): how many old
 * runs to keep per task (default 5).
 */
export const TaskHistoryCollectionDataSchema = lazySchema(() =>
  z.looseObject({
    old_items_to_keep: z.int().nonnegative().default(5),
  }),
)
/** Data of a task history collection. */
export type TaskHistoryCollectionData = z.infer<typeof TaskHistoryCollectionDataSchema>
