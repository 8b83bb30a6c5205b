/**
 * Where the transport reports what it does: one line per attempt at `debug`, retries at
 * `warn`. Messages and fields never hold the token or any request header.
 *
 * @example
 * const transport = new Transport({ apiUrl, token, logger: console })
 */
export interface Logger {
  /** Each attempt and its outcome. */
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void
  /** Notable events. */
  info(message: string, fields?: Readonly<Record<string, unknown>>): void
  /** Retries and recoverable oddities. */
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void
  /** Failures. */
  error(message: string, fields?: Readonly<Record<string, unknown>>): void
}

function ignore(): void {}

/** The default {@link Logger}: says nothing. */
export const silentLogger: Logger = Object.freeze({
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
})
