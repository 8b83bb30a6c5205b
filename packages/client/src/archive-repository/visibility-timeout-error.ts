import { SdkError } from '@debusine-ts/models'

/**
 * The suite's index did not list the version for every architecture asked before the
 * deadline of {@link ArchiveRepository.waitVisible}. Retryable: publishing may still end.
 */
export class VisibilityTimeoutError extends SdkError {
  static override readonly errorName: string = 'VisibilityTimeoutError'
  static override readonly retryableByDefault: boolean = true

  declare readonly code: 'visibility_timeout'
  /** The architectures whose index did not list the version yet. */
  readonly missing: readonly string[]

  constructor(message: string, missing: readonly string[]) {
    super(message, 'visibility_timeout')
    this.missing = missing
  }
}
