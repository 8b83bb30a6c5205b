import * as z from 'zod'

/**
 * The answer to `GET /whoami/`: who the token (or its absence) authenticates as. `user` is
 * `<anonymous>` without a valid token; `work_request` is set for a work-request token;
 * `worker` tells whether a worker token was used.
 */
export const WhoAmISchema = z.looseObject({
  user: z.string(),
  auth: z.boolean(),
  work_request: z.int().nullable().default(null),
  worker: z.boolean(),
})
/** Who the client is, as the server sees it. */
export type WhoAmI = z.infer<typeof WhoAmISchema>
