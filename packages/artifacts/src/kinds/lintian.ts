import { ArtifactCategory } from '@debusine-ts/models'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link LintianArtifact}'s `create`. */
export interface LintianInput {
  /** The JSON analysis, stored as `analysis.json`; must be valid JSON. */
  analysis: string
  /** Lintian's text output, stored as `lintian.txt`. */
  lintianOutput: string
  architecture?: string | null
  summary: ArtifactDataInput<'debian:lintian'>['summary']
}

/**
 * `debian:lintian`: exactly `analysis.json` (valid JSON) and `lintian.txt`.
 *
 * @example
 * await LintianArtifact.create({ analysis: 'out/analysis.json', lintianOutput: 'out/lintian.txt', architecture: 'amd64', summary })
 */
export const LintianArtifact: LocalArtifactKind<'debian:lintian', LintianInput> = {
  category: ArtifactCategory.LINTIAN,
  async create(input) {
    const data = { architecture: input.architecture ?? null, summary: input.summary }
    return await assembleArtifact(ArtifactCategory.LINTIAN, data, [
      [input.analysis, { overrideName: 'analysis.json' }],
      [input.lintianOutput, { overrideName: 'lintian.txt' }],
    ])
  },
}
