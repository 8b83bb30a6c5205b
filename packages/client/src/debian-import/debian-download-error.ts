import { SdkError } from '@debusine-ts/models'

/** Why {@link fetchDebianFiles} failed. */
export type DebianDownloadErrorCode =
  | 'unsupported_url'
  | 'invalid_file_name'
  | 'http_status'
  | 'connection_failed'
  | 'stalled'
  | 'checksum_mismatch'
  | 'write_failed'

/**
 * Fetching a Debian package from a URL (dget-style) failed: the URL is not a plain
 * http(s) URL of a file, a file could not be downloaded or written, or its size or a
 * checksum differs from what the `.dsc` or `.changes` listing it says. Nothing is kept.
 * Retryable when the server or the network failed (a 5xx, a reset connection, a stall).
 *
 * @example
 * try { await client.debian.import('https://mirror.example/debian/pool/main/h/hello/hello_1.0-1.dsc') } catch (error) {
 *   if (DebianDownloadError.isInstance(error)) console.error(error.code, error.url)
 * }
 */
export class DebianDownloadError extends SdkError {
  static override readonly errorName: string = 'DebianDownloadError'

  declare readonly code: DebianDownloadErrorCode
  /** The URL of the file concerned. */
  readonly url: string

  constructor(
    code: DebianDownloadErrorCode,
    message: string,
    details: { url: string; isRetryable?: boolean; cause?: unknown },
  ) {
    super(message, code, { cause: details.cause, isRetryable: details.isRetryable ?? false })
    this.url = details.url
  }
}
