import { SdkError } from '@debusine-ts/models'

/**
 * The archive answered a file of a workspace's repository with an error status: 404 for a
 * suite, workspace or file that does not exist (or a private workspace read without access),
 * 401/403 for credentials it refuses. The message names the URL and what to check.
 */
export class ArchiveHttpError extends SdkError {
  static override readonly errorName: string = 'ArchiveHttpError'

  declare readonly code: 'archive_not_found' | 'archive_unauthorized' | 'archive_http_error'
  /** The HTTP status. */
  readonly status: number
  /** The URL read. */
  readonly url: string

  constructor(message: string, details: { status: number; url: string }) {
    const code =
      details.status === 404
        ? 'archive_not_found'
        : details.status === 401 || details.status === 403
          ? 'archive_unauthorized'
          : 'archive_http_error'
    super(message, code, { isRetryable: details.status >= 500 })
    this.status = details.status
    this.url = details.url
  }
}
