import * as z from 'zod'
import { KeyPurpose } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** The outcome of signing one file: exactly one of `output_file` and `error_message` is set. */
export const SigningResultSchema = lazySchema(() =>
  z
    .strictObject({
      file: z.string(),
      output_file: z.string().nullable().default(null),
      error_message: z.string().nullable().default(null),
    })
    .superRefine((result, context) => {
      if ((result.output_file === null) === (result.error_message === null)) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: 'exactly one of output_file and error_message must be set',
        })
      }
    }),
)
/** The outcome of signing one file. */
export type SigningResult = z.infer<typeof SigningResultSchema>

/** Data of `debusine:signing-output` artifacts: which key signed, and each file's outcome. */
export const SigningOutputDataSchema = lazySchema(() =>
  z.strictObject({
    purpose: z.enum(KeyPurpose),
    fingerprint: z.string(),
    results: z.array(SigningResultSchema),
    binary_package_name: z.string().nullable().default(null),
  }),
)
/** Data of a signing output artifact. */
export type SigningOutputData = z.infer<typeof SigningOutputDataSchema>
