import { redactingLogger, type Logger } from '@debusine-ts/transport'

/** Where the log lines go: anything with `write(string)`, such as `process.stderr`. */
export interface LineSink {
  /** Write one line (with its newline). */
  write(line: string): unknown
}

/** Log levels, lowest first. */
const levels = ['debug', 'info', 'warn', 'error'] as const
type Level = (typeof levels)[number]

/**
 * A `Logger` (of `@debusine-ts/transport`) writing one JSON object per line: `time`, `level`, `message`, then the
 * fields. Any occurrence of `secret` (the token) in a line is replaced by `[REDACTED]`.
 *
 * @example
 * const logger = jsonLogger(process.stderr, { level: 'info', secret: token })
 * logger.info('Connected', { url })
 */
export function jsonLogger(
  sink: LineSink,
  options: { level?: Level; secret?: string | undefined } = {},
): Logger {
  const minimum = levels.indexOf(options.level ?? 'info')
  const write =
    (level: Level) =>
    (message: string, fields: Readonly<Record<string, unknown>> = {}): void => {
      if (levels.indexOf(level) < minimum) return
      sink.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`)
    }
  return redactingLogger(
    { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
    [options.secret],
  )
}
