import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/**
 * A free-form JSON object (a "map string -> any"): task data, artifact data, collection
 * data and the like, whose keys depend on a category or a task.
 */
export const JsonObjectSchema = lazySchema(() => z.record(z.string(), z.unknown()))
/** A free-form JSON object. */
export type JsonObject = z.infer<typeof JsonObjectSchema>
