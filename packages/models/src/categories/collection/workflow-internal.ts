import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:workflow-internal` collections: no documented keys. */
export const WorkflowInternalCollectionDataSchema = lazySchema(() => z.looseObject({}))
/** Data of a workflow internal collection. */
export type WorkflowInternalCollectionData = z.infer<typeof WorkflowInternalCollectionDataSchema>
