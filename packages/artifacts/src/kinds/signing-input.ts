import { ArtifactCategory } from '@debusine-ts/models'
import { OCTET_STREAM } from '../content-type.js'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link SigningInputArtifact}'s `create`. */
export interface SigningInputInput {
  /** The files to sign (at least one), absolute or relative to `baseDirectory`. */
  files: Iterable<string>
  /** An absolute directory; paths in the artifact are relative to it. */
  baseDirectory: string
  trustedCerts?: string[] | null
  binaryPackageName?: string | null
}

/**
 * `debusine:signing-input`: files to sign, at their paths relative to the base directory,
 * as `application/octet-stream`; at least one file.
 *
 * @example
 * await SigningInputArtifact.create({ files: ['boot/grubx64.efi'], baseDirectory: '/tmp/unpacked' })
 */
export const SigningInputArtifact: LocalArtifactKind<'debusine:signing-input', SigningInputInput> = {
  category: ArtifactCategory.SIGNING_INPUT,
  async create(input) {
    const data = {
      trusted_certs: input.trustedCerts ?? null,
      binary_package_name: input.binaryPackageName ?? null,
    }
    const options = { baseDirectory: input.baseDirectory, contentType: OCTET_STREAM }
    const files = [...input.files].map((file) => [file, options] as const)
    return await assembleArtifact(ArtifactCategory.SIGNING_INPUT, data, files)
  },
}
