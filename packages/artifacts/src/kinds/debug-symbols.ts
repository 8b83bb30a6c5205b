import { ArtifactCategory } from '@debusine-ts/models'
import { OCTET_STREAM } from '../content-type.js'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link DebugSymbolsArtifact}'s `create`. */
export interface DebugSymbolsInput {
  /** Build id (40 lower-case hex digits) → local file of its debug symbols. */
  buildIdFiles: Readonly<Record<string, string>> | ReadonlyMap<string, string>
}

/**
 * `debian:debug-symbols`: one file per build id, stored under the build id as
 * `application/octet-stream`.
 *
 * @example
 * await DebugSymbolsArtifact.create({ buildIdFiles: { '0123…': 'usr/lib/debug/.build-id/01/23….debug' } })
 */
export const DebugSymbolsArtifact: LocalArtifactKind<'debian:debug-symbols', DebugSymbolsInput> = {
  category: ArtifactCategory.DEBUG_SYMBOLS,
  async create(input) {
    const entries =
      input.buildIdFiles instanceof Map
        ? [...(input.buildIdFiles as ReadonlyMap<string, string>)]
        : Object.entries(input.buildIdFiles as Readonly<Record<string, string>>)
    const artifact = new LocalArtifact(ArtifactCategory.DEBUG_SYMBOLS, {
      build_ids: entries.map(([buildId]) => buildId),
    })
    for (const [buildId, file] of entries) {
      await artifact.addLocalFile(file, { overrideName: buildId, contentType: OCTET_STREAM })
    }
    return validated(artifact)
  },
}
