import { ArtifactCategory } from '@debusine-ts/models'
import { stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ArtifactRuleError } from '../artifact-rule-error.js'
import { TEXT_PLAIN_UTF8 } from '../content-type.js'
import { listedFiles } from '../internal/listed-files.js'
import { validated } from '../internal/validated.js'
import { LocalArtifact } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'
import { readChanges } from '../source-control-file.js'

/** Input of {@link UploadArtifact}'s `create`. */
export interface UploadInput {
  /** The `.changes` file; the files it lists are taken from the same directory. */
  changesFile: string
  /**
   * Let listed files be missing locally: each becomes a remote file, declared with the size
   * and SHA-256 of the `.changes`, that the server must already hold. Default `false`.
   */
  allowRemote?: boolean
  /**
   * Listed names to leave out of the artifact. Earlier-shape compatibility: the 0.16.2
   * client has no such parameter; prefer `allowRemote`.
   */
  excludeFiles?: Iterable<string>
}

/**
 * `debian:upload`: a `.changes` (as `text/plain; charset=utf-8`) and every file its
 * `Checksums-Sha256` lists, from the same directory; `changes_fields` is the parsed
 * `.changes` (docs/protocol.md §13).
 *
 * @example
 * const upload = await UploadArtifact.create({ changesFile: 'build/hello_1.0-1_amd64.changes' })
 * @throws {ArtifactRuleError} when a listed file is missing (and `allowRemote` is off), a
 *   listed name is not a single path component, or the files break the category's rules
 */
export const UploadArtifact: LocalArtifactKind<'debian:upload', UploadInput> = {
  category: ArtifactCategory.UPLOAD,
  async create(input, options = {}) {
    const { changesFile } = input
    const fields = await readChanges(changesFile, options)
    const checksums = listedFiles(fields, 'Checksums-Sha256', 'sha256', changesFile)
    listedFiles(fields, 'Files', 'md5sum', changesFile)
    const excluded = new Set(input.excludeFiles ?? [])
    const artifact = new LocalArtifact(
      ArtifactCategory.UPLOAD,
      { type: 'dpkg', changes_fields: fields as never },
      { excludedFiles: excluded },
    )
    await artifact.addLocalFile(changesFile, { contentType: TEXT_PLAIN_UTF8 })
    const directory = dirname(changesFile)
    for (const listed of checksums) {
      if (excluded.has(listed.name)) continue
      const local = join(directory, listed.name)
      if ((await stat(local).catch(() => undefined)) !== undefined) {
        await artifact.addLocalFile(local)
      } else if (input.allowRemote === true) {
        artifact.addRemoteFile(listed.name, {
          size: Number(listed.size),
          checksums: { sha256: listed.checksum ?? '' },
          type: 'file',
          content_type: null,
        })
      } else {
        throw new ArtifactRuleError(
          `File "${local}" listed in "${changesFile}" does not exist; pass allowRemote if the server already has it`,
          [local],
        )
      }
    }
    return validated(artifact)
  },
}
