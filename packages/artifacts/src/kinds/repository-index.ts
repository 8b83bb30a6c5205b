import { ArtifactCategory } from '@debusine-ts/models'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link RepositoryIndexArtifact}'s `create`. */
export interface RepositoryIndexInput {
  /** The index file. */
  file: string
  /** Its path in the repository, e.g. `dists/sid/main/binary-amd64/Packages.xz`. */
  path: string
  /** The content type to serve it with; guessed when absent. */
  contentType?: string | null
}

/**
 * `debian:repository-index`: one index file, stored under the last component of `path`.
 *
 * @example
 * await RepositoryIndexArtifact.create({ file: 'out/Release', path: 'dists/sid/Release' })
 */
export const RepositoryIndexArtifact: LocalArtifactKind<'debian:repository-index', RepositoryIndexInput> = {
  category: ArtifactCategory.REPOSITORY_INDEX,
  async create(input) {
    const artifact = new LocalArtifact(ArtifactCategory.REPOSITORY_INDEX, { path: input.path })
    const name = input.path.split('/').pop() ?? input.path
    await artifact.addLocalFile(input.file, {
      overrideName: name,
      ...(input.contentType == null ? {} : { contentType: input.contentType }),
    })
    return validated(artifact)
  },
}
