import { ArtifactCategory } from '@debusine-ts/models'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link TestArtifact}'s `create`. */
export interface TestArtifactInput {
  /** Any files, at the artifact root or relative to `baseDirectory`. */
  files?: Iterable<string>
  /** An absolute directory; paths in the artifact are relative to it. */
  baseDirectory?: string
}

/**
 * `debusine:test`: any files and empty data; for tests only.
 *
 * @example
 * await TestArtifact.create({ files: ['a.txt'] })
 */
export const TestArtifact: LocalArtifactKind<'debusine:test', TestArtifactInput> = {
  category: ArtifactCategory.TEST,
  async create(input) {
    const artifact = new LocalArtifact(ArtifactCategory.TEST, {})
    for (const file of input.files ?? []) {
      await artifact.addLocalFile(
        file,
        input.baseDirectory === undefined ? {} : { baseDirectory: input.baseDirectory },
      )
    }
    return validated(artifact)
  },
}
