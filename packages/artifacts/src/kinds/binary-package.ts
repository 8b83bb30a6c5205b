import { ArtifactCategory } from '@debusine-ts/models'
import { basename } from 'node:path'
import { ArtifactRuleError } from '../artifact-rule-error.js'
import { readDebControl } from '../deb-control.js'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link BinaryPackageArtifact}'s `create`. */
export interface BinaryPackageInput {
  /** The `.deb` or `.udeb`. */
  file: string
}

// `Source: name (version)` names the source version when it differs from the binary's.
const explicitSource = /^([^ ]+)(?: \((.+)\))?/

/**
 * `debian:binary-package`: one `.deb` or `.udeb`. The data comes from its control
 * paragraph: `srcpkg_name` from `Source` (or `Package`), `srcpkg_version` from
 * `Source: name (version)` or `Version`, `deb_fields` the paragraph, `deb_control_files`
 * the sorted names of the files in `control.tar`.
 *
 * @example
 * await BinaryPackageArtifact.create({ file: 'hello_1.0-1_amd64.deb' })
 */
export const BinaryPackageArtifact: LocalArtifactKind<'debian:binary-package', BinaryPackageInput> = {
  category: ArtifactCategory.BINARY_PACKAGE,
  async create(input, options = {}) {
    const { file } = input
    if (!file.endsWith('.deb') && !file.endsWith('.udeb')) {
      throw new ArtifactRuleError(
        `Binary package artifact file "${basename(file)}" must end with ".deb" or ".udeb"`,
        [file],
      )
    }
    const { fields, controlFiles } = await readDebControl(file, options)
    const text = (name: string): string | undefined => {
      const value = fields[name]
      return typeof value === 'string' ? value : undefined
    }
    const source = text('Source')
    const match = source === undefined ? null : explicitSource.exec(source)
    const artifact = new LocalArtifact(ArtifactCategory.BINARY_PACKAGE, {
      srcpkg_name: match?.[1] ?? text('Package') ?? '',
      srcpkg_version: match?.[2] ?? text('Version') ?? '',
      deb_fields: fields as Record<string, string>,
      deb_control_files: controlFiles,
    })
    await artifact.addLocalFile(file)
    return validated(artifact)
  },
}
