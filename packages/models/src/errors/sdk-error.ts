const markerPrefix = 'debusine-ts.error.'

/** Options shared by every error of the suite. */
export interface SdkErrorOptions {
  /** The error that caused this one, kept for debugging. */
  cause?: unknown
  /** Whether repeating the same operation may succeed; defaults to the class's own answer. */
  isRetryable?: boolean
}

/**
 * The base class of every error thrown by the debusine-ts packages.
 *
 * Each class carries a stable string {@link SdkError.code} and a `Symbol.for` marker, so
 * {@link SdkError.isInstance} works even when two copies of the package are installed
 * (where `instanceof` fails).
 *
 * @example
 * try { await client.workRequests.get(42) } catch (error) {
 *   if (NotFoundError.isInstance(error)) console.log('no such work request')
 * }
 */
export class SdkError extends Error {
  /** The class's name, also used for its cross-copy marker; every subclass sets its own. */
  static readonly errorName: string = 'SdkError'
  /** Whether errors of this class are worth retrying unless the instance says otherwise. */
  static readonly retryableByDefault: boolean = false

  override readonly name: string
  /** A stable machine-readable code, e.g. `not_found` or `validation_failed`. */
  readonly code: string
  /** Whether repeating the same operation may succeed. */
  readonly isRetryable: boolean

  constructor(message: string, code: string, options: SdkErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    const errorClass = new.target
    this.name = errorClass.errorName
    this.code = code
    this.isRetryable = options.isRetryable ?? errorClass.retryableByDefault
    // Mark the instance with every class of its chain, so `Parent.isInstance` holds too.
    for (
      let current: unknown = errorClass;
      current !== Error && current;
      current = Object.getPrototypeOf(current)
    ) {
      if (Object.hasOwn(current, 'errorName')) {
        Object.defineProperty(this, Symbol.for(markerPrefix + (current as typeof SdkError).errorName), {
          value: true,
        })
      }
    }
  }

  /** Whether `value` is an error of this class (or a subclass), from any installed copy. */
  static isInstance<T>(this: { errorName: string; prototype: T }, value: unknown): value is T {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[Symbol.for(markerPrefix + this.errorName)] === true
    )
  }
}
