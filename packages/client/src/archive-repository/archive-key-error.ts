import { SdkError } from '@debusine-ts/models'

/**
 * The workspace's archive key did not hold a public key before the deadline: the server kept
 * answering an empty key block (a fresh workspace does so until its key is made), or text
 * that is not a key. Retryable: the key may still come.
 */
export class ArchiveKeyError extends SdkError {
  static override readonly errorName: string = 'ArchiveKeyError'
  static override readonly retryableByDefault: boolean = true

  declare readonly code: 'empty_key'
  /** The key's URL. */
  readonly url: string
  /** How long the key was retried, in milliseconds. */
  readonly waitedMs: number

  constructor(message: string, details: { url: string; waitedMs: number }) {
    super(message, 'empty_key')
    this.url = details.url
    this.waitedMs = details.waitedMs
  }
}
