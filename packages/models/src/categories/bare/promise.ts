import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

const PROMISE_PREFIX = 'promise_'
const promiseKeys = new Set(['promise_work_request_id', 'promise_workflow_id', 'promise_category'])

/**
 * Data of `debusine:promise` bare items: a workflow's promise that a work request will
 * produce an artifact of `promise_category`. Extra keys are allowed (they describe the
 * promised artifact) but the `promise_` prefix is reserved.
 */
export const PromiseDataSchema = lazySchema(() =>
  z
    .looseObject({
      promise_work_request_id: z.int().positive(),
      promise_workflow_id: z.int().positive(),
      promise_category: z.string().min(1),
    })
    .superRefine((data, context) => {
      for (const key of Object.keys(data)) {
        if (key.startsWith(PROMISE_PREFIX) && !promiseKeys.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `extra keys must not start with "${PROMISE_PREFIX}"`,
          })
        }
      }
    }),
)
/** Data of a promise. */
export type PromiseData = z.infer<typeof PromiseDataSchema>
