import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

type SystemCategory = typeof ArtifactCategory.SYSTEM_TARBALL | typeof ArtifactCategory.SYSTEM_IMAGE

/** Input of {@link SystemTarballArtifact}'s `create`. */
export interface SystemTarballInput {
  /** The tarball; its name must end with `.tar.xz`. */
  tarball: string
  /** The data; `filename` is taken from the tarball's name. */
  data: Omit<ArtifactDataInput<'debian:system-tarball'>, 'filename'>
}

/** Input of {@link SystemImageArtifact}'s `create`. */
export interface SystemImageInput {
  /** The image; its name must end with `.tar.xz` or `.qcow2`. */
  image: string
  /** The data; `filename` is taken from the image's name. */
  data: Omit<ArtifactDataInput<'debian:system-image'>, 'filename'>
}

// Both kinds are one file whose name is the data's `filename`; only the input's key differs.
function oneFileKind<
  Category extends SystemCategory,
  Input extends { data: Omit<ArtifactDataInput<Category>, 'filename'> },
>(category: Category, fileOf: (input: Input) => string): LocalArtifactKind<Category, Input> {
  return {
    category,
    async create(input) {
      const file = fileOf(input)
      // TypeScript does not see that putting `filename` back undoes a generic Omit.
      const data = { ...input.data, filename: basename(file) } as ArtifactDataInput<Category>
      return await assembleArtifact(category, data, [[file]])
    },
  }
}

/**
 * `debian:system-tarball`: exactly one file ending `.tar.xz`; `filename` is its name.
 *
 * @example
 * await SystemTarballArtifact.create({
 *   tarball: 'system.tar.xz',
 *   data: {
 *     vendor: 'debian', codename: 'bookworm', architecture: 'amd64', mirror: 'http://mirror.example/debian',
 *     components: ['main'], pkglist: {}, with_dev: true, with_init: true,
 *   },
 * })
 */
export const SystemTarballArtifact: LocalArtifactKind<'debian:system-tarball', SystemTarballInput> =
  oneFileKind(ArtifactCategory.SYSTEM_TARBALL, (input: SystemTarballInput) => input.tarball)

/**
 * `debian:system-image` (0.16.2): exactly one file ending `.tar.xz` or `.qcow2`;
 * `filename` is its name.
 *
 * @example
 * await SystemImageArtifact.create({
 *   image: 'image.qcow2',
 *   data: {
 *     image_format: 'qcow2', filesystem: 'ext4', size: 2_147_483_648, boot_mechanism: 'efi',
 *     vendor: 'debian', codename: 'bookworm', architecture: 'amd64', mirror: 'http://mirror.example/debian',
 *     components: ['main'], pkglist: {}, with_dev: false, with_init: true,
 *   },
 * })
 */
export const SystemImageArtifact: LocalArtifactKind<'debian:system-image', SystemImageInput> = oneFileKind(
  ArtifactCategory.SYSTEM_IMAGE,
  (input: SystemImageInput) => input.image,
)
