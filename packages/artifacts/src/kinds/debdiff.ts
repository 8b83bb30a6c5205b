import { ArtifactCategory } from '@debusine-ts/models'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link DebdiffArtifact}'s `create`. */
export interface DebdiffInput {
  /** debdiff's output, stored as `debdiff.txt`. */
  debdiffOutput: string
  /** What was compared: the original… */
  original: string
  /** …and the new package or upload. */
  new: string
  label?: string | null
}

/**
 * `debian:debdiff`: debdiff's output stored as `debdiff.txt`.
 *
 * @example
 * await DebdiffArtifact.create({ debdiffOutput: 'out.diff', original: 'hello_1.0-1.dsc', new: 'hello_1.0-2.dsc' })
 */
export const DebdiffArtifact: LocalArtifactKind<'debian:debdiff', DebdiffInput> = {
  category: ArtifactCategory.DEBDIFF,
  async create(input) {
    const data = { original: input.original, new: input.new, label: input.label ?? null }
    return await assembleArtifact(ArtifactCategory.DEBDIFF, data, [
      [input.debdiffOutput, { overrideName: 'debdiff.txt' }],
    ])
  },
}
