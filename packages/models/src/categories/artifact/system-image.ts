import * as z from 'zod'
import { systemTarballShape } from './system-tarball.js'
import { lazySchema } from '../../lazy-schema.js'

/** Formats of system images. */
export const SystemImageFormat = Object.freeze({ RAW: 'raw', QCOW2: 'qcow2' } as const)
/** A system image format. */
export type SystemImageFormat = (typeof SystemImageFormat)[keyof typeof SystemImageFormat]

/** How a system image boots. */
export const BootMechanism = Object.freeze({ EFI: 'efi', BIOS: 'bios' } as const)
/** A boot mechanism. */
export type BootMechanism = (typeof BootMechanism)[keyof typeof BootMechanism]

/** Data of `debian:system-image` artifacts: a system tarball's fields plus the image's; `size` in bytes. */
export const SystemImageDataSchema = lazySchema(() =>
  z.strictObject({
    ...systemTarballShape(),
    image_format: z.enum(SystemImageFormat),
    filesystem: z.string(),
    size: z.int().nonnegative(),
    boot_mechanism: z.enum(BootMechanism),
  }),
)
/** Data of a system image artifact. */
export type SystemImageData = z.infer<typeof SystemImageDataSchema>
