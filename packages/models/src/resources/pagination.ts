import * as z from 'zod'
import { JsonObjectSchema } from './json-object.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The schema of one page of a paginated list of `item`. Both of the server's envelopes
 * parse: cursor pages (`GET /work-request/`) have no `count`, page-number pages have one.
 * `next` and `previous` are absolute URLs, null at either end.
 *
 * @example
 * const page = parseResponse('WorkRequestPage', paginatedSchema(WorkRequestSchema), body)
 */
export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    count: z.int().nonnegative().nullable().default(null),
    next: z.url().nullable().default(null),
    previous: z.url().nullable().default(null),
    results: z.array(item),
  })
}

/** One page of a paginated list whose items are left unvalidated (each is a JSON object). */
export const PaginatedSchema = lazySchema(() => paginatedSchema(JsonObjectSchema))
/** One page of a paginated list of `Item`. */
export type Paginated<Item = z.infer<typeof JsonObjectSchema>> = Omit<
  z.infer<typeof PaginatedSchema>,
  'results'
> & {
  results: Item[]
}
