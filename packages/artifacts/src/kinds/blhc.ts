import { ArtifactCategory } from '@debusine-ts/models'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link BlhcArtifact}'s `create`. */
export interface BlhcInput {
  /** blhc's output, stored as `blhc.txt`. */
  blhcOutput: string
  /** The data of the analysed build log, whose source, version and architecture are copied. */
  buildLog?: { source: string; version: string; architecture?: string | null } | null
}

/**
 * `debian:blhc`: blhc's output stored as `blhc.txt`; source, version and architecture come
 * from the analysed build log's data, when given.
 *
 * @example
 * await BlhcArtifact.create({ blhcOutput: 'blhc.out', buildLog: buildLogArtifact.data })
 */
export const BlhcArtifact: LocalArtifactKind<'debian:blhc', BlhcInput> = {
  category: ArtifactCategory.BLHC,
  async create(input) {
    const buildLog = input.buildLog ?? null
    const data = {
      source: buildLog?.source ?? null,
      version: buildLog?.version ?? null,
      architecture: buildLog?.architecture ?? null,
    }
    return await assembleArtifact(ArtifactCategory.BLHC, data, [
      [input.blhcOutput, { overrideName: 'blhc.txt' }],
    ])
  },
}
