import { SdkError } from '@debusine-ts/models'

/** What an {@link ArtifactUploadError} is built from. */
export interface ArtifactUploadErrorInit {
  /** The path in the artifact of the file that failed. */
  path: string
  /** The artifact's id. */
  artifactId: number
  /** Why it failed, in a few words, e.g. `connection reset by the server (ECONNRESET)`. */
  reason: string
  /** How many attempts were made. */
  attempts: number
  /** Whether running the same upload again may succeed (and resume). */
  isRetryable: boolean
  /** The error of the last attempt. */
  cause?: unknown
}

/**
 * A file of an artifact could not be uploaded. The bytes the server acknowledged are kept
 * on the server: when {@link ArtifactUploadError.isRetryable} is true, running the same
 * upload again resumes where the server stopped.
 *
 * @example
 * try { await client.artifacts.upload(local) } catch (error) {
 *   if (ArtifactUploadError.isInstance(error)) console.error(error.message, error.artifactId)
 * }
 */
export class ArtifactUploadError extends SdkError {
  static override readonly errorName: string = 'ArtifactUploadError'

  /** The path in the artifact of the file that failed. */
  readonly path: string
  /** The artifact's id, to resume with `upload(local, { artifactId })` or `uploadFiles`. */
  readonly artifactId: number
  /** How many attempts were made. */
  readonly attempts: number

  constructor(init: ArtifactUploadErrorInit) {
    const attempts = init.attempts > 1 ? ` after ${init.attempts} attempts` : ''
    const hint = init.isRetryable
      ? ' Run the same command again to resume.'
      : ' Fix the cause, then run the same command again to resume.'
    super(
      `Upload of "${init.path}" (artifact ${init.artifactId}) failed${attempts}: ${init.reason}.${hint}`,
      'upload_failed',
      { cause: init.cause, isRetryable: init.isRetryable },
    )
    this.path = init.path
    this.artifactId = init.artifactId
    this.attempts = init.attempts
  }
}

/** Why a download was refused or failed; the stable part of {@link ArtifactDownloadError.code}. */
export type ArtifactDownloadFailure =
  | 'destination_exists'
  | 'checksum_mismatch'
  | 'unsafe_archive_entry'
  | 'unexpected_archive_entry'
  | 'missing_file'
  | 'invalid_archive'
  | 'incomplete_artifact'
  | 'transfer_failed'
  | 'symlink_in_destination'
  | 'size_exceeded'

/**
 * A download of artifact files failed its checks: the destination already exists, a
 * directory on its way below the target is a symbolic link (`symlink_in_destination`), the
 * server sends more bytes than it announced (`size_exceeded`), the bytes do not match the
 * size or SHA-256 the server announced, or the archive holds an entry that is not a plain
 * file of the artifact. Nothing is left under a final name
 * that was not fully verified, and nothing is written outside the destination.
 *
 * @example
 * try { await client.artifacts.downloadTo(42, 'out') } catch (error) {
 *   if (ArtifactDownloadError.isInstance(error) && error.code === 'destination_exists') console.error(error.message)
 *   else throw error
 * }
 */
export class ArtifactDownloadError extends SdkError {
  static override readonly errorName: string = 'ArtifactDownloadError'

  /** The artifact's id. */
  readonly artifactId: number
  /** The path in the artifact (or the archive entry) concerned, when there is one. */
  readonly path: string | undefined

  constructor(
    failure: ArtifactDownloadFailure,
    message: string,
    init: { artifactId: number; path?: string | undefined; cause?: unknown; isRetryable?: boolean },
  ) {
    super(message, failure, { cause: init.cause, isRetryable: init.isRetryable ?? false })
    this.artifactId = init.artifactId
    this.path = init.path
  }
}
