import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** Data of `debusine:signing-input` artifacts: files to sign. */
export const SigningInputDataSchema = lazySchema(() =>
  z.strictObject({
    trusted_certs: z.array(z.string()).nullable().default(null),
    binary_package_name: z.string().nullable().default(null),
  }),
)
/** Data of a signing input artifact. */
export type SigningInputData = z.infer<typeof SigningInputDataSchema>
