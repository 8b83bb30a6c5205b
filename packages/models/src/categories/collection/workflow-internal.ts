import * as z from 'zod'

/** Data of `debusine:workflow-internal` collections: no documented keys. */
export const WorkflowInternalCollectionDataSchema = z.looseObject({})
/** Data of a workflow internal collection. */
export type WorkflowInternalCollectionData = z.infer<typeof WorkflowInternalCollectionDataSchema>
