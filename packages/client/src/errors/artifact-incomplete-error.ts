import { SdkError } from '@debusine-ts/models'

/**
 * Every file of an upload was sent and answered as stored, yet the artifact read back
 * from the server still lists some of them as to be uploaded. A Debusine 0.11.3 server
 * can do so for good when another client uploads the same bytes at the same moment (it
 * then told this client that nothing needed uploading). The upload did not complete:
 * {@link ArtifactIncompleteError.missing} names the files.
 *
 * @example
 * try { await client.artifacts.upload(local) } catch (error) {
 *   if (ArtifactIncompleteError.isInstance(error)) console.error(error.artifactId, error.missing)
 * }
 */
export class ArtifactIncompleteError extends SdkError {
  static override readonly errorName: string = 'ArtifactIncompleteError'

  /** The artifact's id. */
  readonly artifactId: number
  /** The paths the server still lists in `files_to_upload`, sorted. */
  readonly missing: readonly string[]

  constructor(artifactId: number, missing: readonly string[]) {
    super(
      `Upload of artifact ${artifactId} did not complete: the server still lists ${missing.map((name) => `"${name}"`).join(', ')} in files_to_upload after every byte was sent. Run the same command again to send them again.`,
      'upload_incomplete',
      { isRetryable: true },
    )
    this.artifactId = artifactId
    this.missing = [...missing].sort()
  }
}
