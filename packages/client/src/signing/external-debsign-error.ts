import { SdkError } from '@debusine-ts/models'

/** Why signing an upload for an external-debsign work request failed. */
export type ExternalDebsignErrorCode =
  'not_external_debsign' | 'no_unsigned_upload' | 'local_file_invalid' | 'local_file_mismatch'

/**
 * Signing the upload an external-debsign work request waits for failed before anything
 * was sent to the server: the work request is not a `Wait/externaldebsign` one, names no
 * upload, or the local copy of the upload is not the server's. The work request still
 * waits: fix the cause and sign again. Not retryable as such.
 *
 * @example
 * try { await client.debian.signUpload(42, { signer: debsign() }) } catch (error) {
 *   if (ExternalDebsignError.isInstance(error)) console.error(error.code, error.message)
 * }
 */
export class ExternalDebsignError extends SdkError {
  static override readonly errorName: string = 'ExternalDebsignError'

  declare readonly code: ExternalDebsignErrorCode
  /** The work request being signed for. */
  readonly workRequestId: number

  constructor(
    code: ExternalDebsignErrorCode,
    message: string,
    details: { workRequestId: number; cause?: unknown },
  ) {
    super(message, code, { cause: details.cause })
    this.workRequestId = details.workRequestId
  }
}
