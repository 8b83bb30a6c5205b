import { redactText, redactValue } from './redact.js'

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

function redactField(value: unknown, secrets: readonly string[]): unknown {
  return redactValue(value instanceof Error ? value.message : value, secrets)
}

/**
 * A {@link Logger} that passes everything on to `logger` with every occurrence of the
 * secrets (a token, a password) in the message and the fields replaced by `[REDACTED]`;
 * errors in fields are logged as their message. The one redacting logger of the suite.
 *
 * @example
 * const logger = redactingLogger(console, [config.token])
 * logger.warn(`refused: ${responseText}`) // the token never reaches the console
 */
export function redactingLogger(logger: Logger, secrets: readonly (string | undefined)[]): Logger {
  const known = secrets.filter((secret): secret is string => secret !== undefined && secret !== '')
  const wrap =
    (write: Logger['debug']): Logger['debug'] =>
    (message, fields) =>
      write(
        redactText(message, known),
        fields === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(fields).map(([key, value]) => [key, redactField(value, known)]),
            ),
      )
  return {
    debug: wrap(logger.debug.bind(logger)),
    info: wrap(logger.info.bind(logger)),
    warn: wrap(logger.warn.bind(logger)),
    error: wrap(logger.error.bind(logger)),
  }
}
