import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link SystemTarballArtifact}'s `create`. */
export interface SystemTarballInput {
  /** The tarball; its name must end with `.tar.xz`. */
  tarball: string
  /** The data; `filename` is taken from the tarball's name. */
  data: Omit<ArtifactDataInput<'debian:system-tarball'>, 'filename'>
}

/**
 * `debian:system-tarball`: exactly one file ending `.tar.xz`; `filename` is its name.
 *
 * @example
 * await SystemTarballArtifact.create({ tarball: 'system.tar.xz', data: { vendor: 'debian', codename: 'bookworm', … } })
 */
export const SystemTarballArtifact: LocalArtifactKind<'debian:system-tarball', SystemTarballInput> = {
  category: ArtifactCategory.SYSTEM_TARBALL,
  async create(input) {
    const data = { ...input.data, filename: basename(input.tarball) }
    return await assembleArtifact(ArtifactCategory.SYSTEM_TARBALL, data, [[input.tarball]])
  },
}
