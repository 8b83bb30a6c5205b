/**
 * The daemon's exit statuses (the suite's CLI mapping: 0 ok, 1 failure, 2 usage, 3 not
 * found / configuration, 4 authentication). A service manager should restart the daemon
 * after 1 only: 2, 3 and 4 need a person.
 */
export const ExitCode = Object.freeze({
  /** Stopped by SIGINT or SIGTERM after a clean shutdown. */
  OK: 0,
  /** An unexpected failure, or a shutdown forced after the grace period. */
  FAILURE: 1,
  /** Bad command line. */
  USAGE: 2,
  /** Configuration: file unreadable or invalid, server not configured, command not executable, state file unusable, unknown workspace. */
  CONFIGURATION: 3,
  /** The server refused the token (unknown, disabled, or not a user's token). */
  AUTHENTICATION: 4,
})
/** One of {@link ExitCode}. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]
