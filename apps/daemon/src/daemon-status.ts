/** Counters of the commands run, for `/readyz` and the final log line. */
export interface CommandCounters {
  /** Commands started (each attempt counts). */
  started: number
  /** Attempts that ended with exit status 0. */
  succeeded: number
  /** Attempts that failed: a non-zero exit status, a signal, or no start at all. */
  failed: number
  /** Attempts stopped at their time limit. */
  timedOut: number
  /** Completions recorded as done. */
  completions: number
}

/**
 * What the daemon is doing, as `/readyz` shows it: the listener's connection, the queue,
 * the running commands and the counters. One object, updated by the parts as they go.
 */
export class DaemonStatus {
  /** Whether the completion channel is connected. */
  connected = false
  /** Whether the replay after the last connection has gone quiet and nothing waits for a replay. */
  caughtUp = false
  /** When the last completion arrived (ISO 8601), if any. */
  lastEventAt: string | undefined = undefined
  /** Whether the daemon is shutting down. */
  stopping = false
  /** See {@link CommandCounters}. */
  readonly commands: CommandCounters = { started: 0, succeeded: 0, failed: 0, timedOut: 0, completions: 0 }
  /** Completions waiting for a slot; set by the daemon's wiring. */
  queued: () => number = () => 0
  /** Commands running now; set by the daemon's wiring. */
  running: () => number = () => 0

  /** Ready: connected, caught up, not stopping. */
  get ready(): boolean {
    return this.connected && this.caughtUp && !this.stopping
  }

  /** The JSON body of `/readyz`. */
  toJSON(): Record<string, unknown> {
    return {
      ready: this.ready,
      connected: this.connected,
      caughtUp: this.caughtUp,
      stopping: this.stopping,
      lastEventAt: this.lastEventAt ?? null,
      queueLength: this.queued(),
      running: this.running(),
      commands: { ...this.commands },
    }
  }
}
