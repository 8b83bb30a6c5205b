import { ArtifactCategory } from '@debusine-ts/models'
import { readdir } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { validated } from '../internal/validated.js'
import { LocalArtifact, type ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link AutopkgtestArtifact}'s `create`. */
export interface AutopkgtestInput {
  /** autopkgtest's output directory; every regular file under it is stored, except under `binaries/`. */
  artifactDirectory: string
  data: ArtifactDataInput<'debian:autopkgtest'>
}

async function regularFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * `debian:autopkgtest`: every regular file under the output directory (paths relative to
 * it, recursively), except anything under `binaries/`.
 *
 * @example
 * await AutopkgtestArtifact.create({ artifactDirectory: '/tmp/autopkgtest-out', data })
 */
export const AutopkgtestArtifact: LocalArtifactKind<'debian:autopkgtest', AutopkgtestInput> = {
  category: ArtifactCategory.AUTOPKGTEST,
  async create(input) {
    const base = resolve(input.artifactDirectory)
    const artifact = new LocalArtifact(ArtifactCategory.AUTOPKGTEST, input.data)
    const files = (await regularFiles(base))
      .map((file) => relative(base, file).split(sep).join('/'))
      .filter((path) => path !== 'binaries' && !path.startsWith('binaries/'))
      .sort()
    for (const path of files) await artifact.addLocalFile(path, { baseDirectory: base })
    return validated(artifact)
  },
}
