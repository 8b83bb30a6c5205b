import { ArtifactCategory, type KeyPurpose } from '@debusine-ts/models'
import { OCTET_STREAM } from '../content-type.js'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { ArtifactDataInput } from '../local-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link SigningOutputArtifact}'s `create`. */
export interface SigningOutputInput {
  purpose: KeyPurpose
  fingerprint: string
  /** One result per signed file: an `output_file` or an `error_message`. */
  results: Iterable<ArtifactDataInput<'debusine:signing-output'>['results'][number]>
  /** The output files, absolute or relative to `baseDirectory`. */
  files: Iterable<string>
  /** An absolute directory; paths in the artifact are relative to it. */
  baseDirectory: string
  binaryPackageName?: string | null
}

/**
 * `debusine:signing-output`: signed files at their paths relative to the base directory,
 * as `application/octet-stream`, with the signing results.
 *
 * @example
 * await SigningOutputArtifact.create({ purpose: 'uefi', fingerprint, results, files: ['boot/grubx64.efi.sig'], baseDirectory: '/tmp/out' })
 */
export const SigningOutputArtifact: LocalArtifactKind<'debusine:signing-output', SigningOutputInput> = {
  category: ArtifactCategory.SIGNING_OUTPUT,
  async create(input) {
    const data = {
      purpose: input.purpose,
      fingerprint: input.fingerprint,
      results: [...input.results],
      binary_package_name: input.binaryPackageName ?? null,
    }
    const options = { baseDirectory: input.baseDirectory, contentType: OCTET_STREAM }
    const files = [...input.files].map((file) => [file, options] as const)
    return await assembleArtifact(ArtifactCategory.SIGNING_OUTPUT, data, files)
  },
}
