import { ConflictError, type ApiError } from '@debusine-ts/transport'
import { withHint } from '../internal/api-error-hint.js'

/**
 * HTTP 412 `Collection relations changed`: the relations were replaced with an
 * `If-Match` ETag, but someone changed them since that ETag was read. Read them again
 * with {@link CollectionRelations.getTargets}, re-apply the change and retry.
 */
export class CollectionRelationsChangedError extends ConflictError {
  static override readonly errorName: string = 'CollectionRelationsChangedError'

  /** @internal Built from the server's 412 answer. */
  constructor(error: ApiError) {
    super(
      withHint(
        error,
        'The relations changed since their ETag was read: read them again, re-apply the change and retry.',
      ),
    )
  }
}
