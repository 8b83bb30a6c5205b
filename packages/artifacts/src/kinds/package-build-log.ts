import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { TEXT_PLAIN_UTF8 } from '../content-type.js'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link PackageBuildLogArtifact}'s `create`. */
export interface PackageBuildLogInput {
  /** The build log; its name must end with `.build`. */
  file: string
  source: string
  version: string
  architecture?: string | null
  /** The dose-debcheck report when the build dependencies were not installable. */
  bdUninstallable?: ArtifactDataInput<'debian:package-build-log'>['bd_uninstallable']
}

/**
 * `debian:package-build-log`: one build log (name ends `.build`), stored under its own
 * name as `text/plain; charset=utf-8`; `filename` in the data is that name.
 *
 * @example
 * await PackageBuildLogArtifact.create({ file: 'hello_1.0-1_amd64.build', source: 'hello', version: '1.0-1' })
 */
export const PackageBuildLogArtifact: LocalArtifactKind<'debian:package-build-log', PackageBuildLogInput> = {
  category: ArtifactCategory.PACKAGE_BUILD_LOG,
  async create(input) {
    const data = {
      source: input.source,
      version: input.version,
      architecture: input.architecture ?? null,
      filename: basename(input.file),
      bd_uninstallable: input.bdUninstallable ?? null,
    }
    return await assembleArtifact(ArtifactCategory.PACKAGE_BUILD_LOG, data, [
      [input.file, { contentType: TEXT_PLAIN_UTF8 }],
    ])
  },
}
