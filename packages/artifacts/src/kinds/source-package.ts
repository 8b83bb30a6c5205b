import { ArtifactCategory } from '@debusine-ts/models'
import { ArtifactRuleError } from '../artifact-rule-error.js'
import { listedFiles } from '../internal/listed-files.js'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'
import { readDsc } from '../source-control-file.js'

/** Input of {@link SourcePackageArtifact}'s `create`. */
export interface SourcePackageInput {
  name: string
  version: string
  /** The `.dsc` and every file it lists; each goes at the artifact root under its own name. */
  files: Iterable<string>
}

/**
 * `debian:source-package`: exactly one `.dsc` and the files its `Files` field lists;
 * `dsc_fields` is the parsed `.dsc` (docs/protocol.md §13).
 *
 * @example
 * await SourcePackageArtifact.create({ name: 'hello', version: '1.0-1', files: ['hello_1.0-1.dsc', 'hello_1.0.orig.tar.gz', 'hello_1.0-1.debian.tar.xz'] })
 * @throws {ArtifactRuleError} e.g. `Source package artifact needs exactly one .dsc file; got 2: a.dsc, b.dsc`
 */
export const SourcePackageArtifact: LocalArtifactKind<'debian:source-package', SourcePackageInput> = {
  category: ArtifactCategory.SOURCE_PACKAGE,
  async create(input, options = {}) {
    const files = [...input.files]
    const dscFiles = files.filter((file) => file.endsWith('.dsc'))
    if (dscFiles.length !== 1) {
      throw new ArtifactRuleError(
        `Source package artifact needs exactly one .dsc file; got ${dscFiles.length}: ${dscFiles.join(', ') || 'none'}`,
        dscFiles,
      )
    }
    const dsc = dscFiles[0] as string
    const fields = await readDsc(dsc, options)
    listedFiles(fields, 'Files', 'md5sum', dsc)
    const artifact = new LocalArtifact(ArtifactCategory.SOURCE_PACKAGE, {
      name: input.name,
      version: input.version,
      type: 'dpkg',
      dsc_fields: fields,
    })
    for (const file of files) await artifact.addLocalFile(file)
    return validated(artifact)
  },
}
