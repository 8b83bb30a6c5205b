import { ValidationError } from '@debusine-ts/models'

/**
 * Options every call of the suite takes as its last parameter.
 *
 * @example
 * await transport.request('GET', '/whoami/', { signal: AbortSignal.timeout(5000), maxRetries: 0 })
 */
export interface RequestOptions {
  /**
   * Aborts the call: the request in flight, the wait before a retry and the reading of the
   * body. The call then rejects with an `AbortError`.
   */
  signal?: AbortSignal | undefined
  /** Per-attempt timeout in milliseconds, until the whole answer is read; default 30 000. */
  timeout?: number | undefined
  /** Retries after a retryable failure (see the README's retry policy); default 2. */
  maxRetries?: number | undefined
  /** Extra request headers; they cannot replace `Token` or `X-Debusine-Scope`. */
  headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The {@link RequestOptions} part of a larger options object (one that also holds, say, a
 * workspace or progress callback), for passing on to the transport: only the four request
 * options, and only those that are set.
 *
 * @example
 * const { workspace } = options
 * await transport.request('GET', path`/collection/${workspace}/`, pickRequestOptions(options))
 */
export function pickRequestOptions(options: RequestOptions | undefined): RequestOptions {
  const picked: RequestOptions = {}
  if (options?.signal !== undefined) picked.signal = options.signal
  if (options?.timeout !== undefined) picked.timeout = options.timeout
  if (options?.maxRetries !== undefined) picked.maxRetries = options.maxRetries
  if (options?.headers !== undefined) picked.headers = options.headers
  return picked
}

/**
 * `value` when it is a non-negative integer (or `Infinity` where allowed), for a count or
 * duration option named `name`.
 *
 * @throws {ValidationError} naming the option, otherwise
 */
export function checkCount(name: string, value: number, allowInfinity: boolean): number {
  if (!(value >= 0 && (Number.isInteger(value) || (allowInfinity && value === Infinity)))) {
    throw new ValidationError('RequestOptions', [
      {
        path: name,
        rule: 'invalid_number',
        message: `expected a non-negative integer, got ${String(value)}`,
      },
    ])
  }
  return value
}
