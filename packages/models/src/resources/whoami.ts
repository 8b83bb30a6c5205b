import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/**
 * The answer to `GET /whoami/`: who the token (or its absence) authenticates as. `user` is
 * `<anonymous>` without a valid token; `work_request` is set for a work-request token;
 * `worker` tells whether a worker token was used (0.11.3 names it `worker_token`).
 */
export const WhoAmISchema = lazySchema(() =>
  z
    .looseObject({
      user: z.string(),
      auth: z.boolean(),
      work_request: z.int().nullable().default(null),
      worker: z.boolean().optional(),
      worker_token: z.boolean().optional(),
    })
    .refine((answer) => answer.worker !== undefined || answer.worker_token !== undefined, {
      message: 'expected `worker` (or `worker_token` before 0.12.0) to be a boolean',
      path: ['worker'],
    })
    .transform(({ worker_token, worker, ...rest }) => ({ ...rest, worker: worker ?? worker_token ?? false })),
)
/** Who the client is, as the server sees it. */
export type WhoAmI = z.infer<typeof WhoAmISchema>
