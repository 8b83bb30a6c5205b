import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link BinaryPackagesArtifact}'s `create`. */
export interface BinaryPackagesInput {
  srcpkgName: string
  srcpkgVersion: string
  version: string
  architecture: string
  /** At least one `.deb` or `.udeb`. */
  files: Iterable<string>
}

/**
 * `debian:binary-packages`: the `.deb`/`.udeb` files built from one source for one
 * architecture; `packages` lists each file's name up to its first `_`.
 *
 * @example
 * await BinaryPackagesArtifact.create({ srcpkgName: 'hello', srcpkgVersion: '1.0-1', version: '1.0-1', architecture: 'amd64', files: ['hello_1.0-1_amd64.deb'] })
 */
export const BinaryPackagesArtifact: LocalArtifactKind<'debian:binary-packages', BinaryPackagesInput> = {
  category: ArtifactCategory.BINARY_PACKAGES,
  async create(input) {
    const files = [...input.files]
    const artifact = new LocalArtifact(ArtifactCategory.BINARY_PACKAGES, {
      srcpkg_name: input.srcpkgName,
      srcpkg_version: input.srcpkgVersion,
      version: input.version,
      architecture: input.architecture,
      packages: files.map((file) => basename(file).split('_')[0] as string),
    })
    for (const file of files) await artifact.addLocalFile(file)
    return validated(artifact)
  },
}
