import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** A GNU build id: 40 lower-case hexadecimal digits. */
export const BuildIdSchema = lazySchema(() =>
  z.string().regex(/^[0-9a-f]{40}$/, { message: 'must be 40 lower-case hexadecimal digits' }),
)

/** Data of `debian:debug-symbols` artifacts: the build ids of its files, each once. */
export const DebugSymbolsDataSchema = lazySchema(() =>
  z.strictObject({
    build_ids: z.array(BuildIdSchema).superRefine((buildIds, context) => {
      const seen = new Set<string>()
      buildIds.forEach((buildId, index) => {
        if (seen.has(buildId)) {
          context.addIssue({ code: 'custom', path: [index], message: `duplicate build id "${buildId}"` })
        }
        seen.add(buildId)
      })
    }),
  }),
)
/** Data of a debug symbols artifact. */
export type DebugSymbolsData = z.infer<typeof DebugSymbolsDataSchema>
