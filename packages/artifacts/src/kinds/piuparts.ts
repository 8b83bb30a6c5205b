import { ArtifactCategory } from '@debusine-ts/models'
import { validated } from '../internal/validated.js'
import { LocalArtifact, type ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link PiupartsArtifact}'s `create`. */
export interface PiupartsInput {
  /** piuparts' output, stored as `piuparts.txt`. */
  piupartsOutput: string
  data: ArtifactDataInput<'debian:piuparts'>
}

/**
 * `debian:piuparts`: piuparts' output stored as `piuparts.txt`.
 *
 * @example
 * await PiupartsArtifact.create({ piupartsOutput: 'piuparts.log', data })
 */
export const PiupartsArtifact: LocalArtifactKind<'debian:piuparts', PiupartsInput> = {
  category: ArtifactCategory.PIUPARTS,
  async create(input) {
    const artifact = new LocalArtifact(ArtifactCategory.PIUPARTS, input.data)
    await artifact.addLocalFile(input.piupartsOutput, { overrideName: 'piuparts.txt' })
    return validated(artifact)
  },
}
