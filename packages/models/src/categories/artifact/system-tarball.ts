import * as z from 'zod'
import { lazySchema } from '../../lazy-schema.js'

/** The fields shared by system tarballs and system images. */
export const systemTarballShape = () => ({
  filename: z.string(),
  vendor: z.string(),
  codename: z.string(),
  mirror: z.url(),
  components: z.array(z.string()),
  variant: z.string().nullable().default(null),
  pkglist: z.record(z.string(), z.string()),
  architecture: z.string(),
  with_dev: z.boolean(),
  with_init: z.boolean(),
})

/** Data of `debian:system-tarball` artifacts: a bootstrapped system; `pkglist` maps package to version. */
export const SystemTarballDataSchema = lazySchema(() => z.strictObject(systemTarballShape()))
/** Data of a system tarball artifact. */
export type SystemTarballData = z.infer<typeof SystemTarballDataSchema>
