import { ArtifactCategory } from '@debusine-ts/models'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
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
    return await assembleArtifact(ArtifactCategory.PIUPARTS, input.data, [
      [input.piupartsOutput, { overrideName: 'piuparts.txt' }],
    ])
  },
}
