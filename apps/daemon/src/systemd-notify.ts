import { execFile } from 'node:child_process'
import type { Logger } from '@debusine-ts/transport'

/**
 * The systemd notification protocol (`Type=notify`): `READY=1`, `STOPPING=1`, and
 * `WATCHDOG=1` at half the watchdog interval. The messages go to `$NOTIFY_SOCKET`, a Unix
 * datagram socket, which Node cannot open without a native module; so they are sent by
 * systemd's own `systemd-notify`, present wherever systemd sets `NOTIFY_SOCKET`. It sends
 * from a child process: the unit needs `NotifyAccess=all`. It waits until systemd has read
 * the message (its barrier), so systemd knows which unit the child belonged to.
 */
export class SystemdNotifier {
  readonly #env: Readonly<Record<string, string | undefined>>
  readonly #logger: Logger
  #watchdog: ReturnType<typeof setInterval> | undefined
  #ready = false

  constructor(env: Readonly<Record<string, string | undefined>>, logger: Logger) {
    this.#env = env
    this.#logger = logger
  }

  /** Whether systemd asked for notifications (`NOTIFY_SOCKET` is set). */
  get enabled(): boolean {
    return (this.#env.NOTIFY_SOCKET ?? '') !== ''
  }

  /** Send `READY=1` the first time; start the watchdog pings when `WATCHDOG_USEC` asks for them. */
  ready(status: string): void {
    if (!this.enabled || this.#ready) return
    this.#ready = true
    void this.send(['READY=1', `STATUS=${status}`])
    const interval = this.#watchdogIntervalMs()
    if (interval !== undefined) {
      this.#watchdog = setInterval(() => void this.send(['WATCHDOG=1']), interval)
      this.#watchdog.unref()
    }
  }

  /** Send `STOPPING=1` and stop the watchdog pings. */
  stopping(): Promise<void> {
    clearInterval(this.#watchdog)
    return this.enabled ? this.send(['STOPPING=1', 'STATUS=draining running commands']) : Promise.resolve()
  }

  /** Send these `KEY=VALUE` lines; failures are logged, never thrown. */
  send(lines: readonly string[]): Promise<void> {
    return new Promise((resolve) => {
      execFile('systemd-notify', [...lines], { env: this.#env, timeout: 5_000 }, (error, _stdout, stderr) => {
        if (error !== null) {
          this.#logger.warn('Cannot notify systemd', { lines, error: stderr.trim() || error.message })
        }
        resolve()
      })
    })
  }

  /** Half of `WATCHDOG_USEC`, when it is meant for this process (`WATCHDOG_PID` unset or ours). */
  #watchdogIntervalMs(): number | undefined {
    const microseconds = Number(this.#env.WATCHDOG_USEC ?? '')
    const pid = this.#env.WATCHDOG_PID
    if (!Number.isFinite(microseconds) || microseconds <= 0) return undefined
    if (pid !== undefined && pid !== '' && Number(pid) !== process.pid) return undefined
    return Math.max(1, Math.floor(microseconds / 2_000))
  }
}
