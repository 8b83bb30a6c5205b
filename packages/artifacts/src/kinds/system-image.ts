import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link SystemImageArtifact}'s `create`. */
export interface SystemImageInput {
  /** The image; its name must end with `.tar.xz` or `.qcow2`. */
  image: string
  /** The data; `filename` is taken from the image's name. */
  data: Omit<ArtifactDataInput<'debian:system-image'>, 'filename'>
}

/**
 * `debian:system-image` (0.16.2): exactly one file ending `.tar.xz` or `.qcow2`;
 * `filename` is its name.
 *
 * @example
 * await SystemImageArtifact.create({ image: 'image.qcow2', data: { image_format: 'qcow2', … } })
 */
export const SystemImageArtifact: LocalArtifactKind<'debian:system-image', SystemImageInput> = {
  category: ArtifactCategory.SYSTEM_IMAGE,
  async create(input) {
    const data = { ...input.data, filename: basename(input.image) }
    return await assembleArtifact(ArtifactCategory.SYSTEM_IMAGE, data, [[input.image]])
  },
}
