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
