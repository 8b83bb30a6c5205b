import type { EnrollmentTimeoutKind } from '../errors/enrollment-timeout-error.js'

/**
 * The signal of one enrollment request: aborted when the caller's signal aborts, when the
 * overall timeout expires, or when nothing arrived for the idle timeout. {@link touch}
 * restarts the idle timer (every chunk of the body, keep-alives included, does).
 */
export class Deadline {
  readonly #controller = new AbortController()
  readonly #caller: AbortSignal | undefined
  readonly #idleMs: number
  readonly #onCallerAbort: () => void
  #idleTimer: ReturnType<typeof setTimeout> | undefined
  #overallTimer: ReturnType<typeof setTimeout> | undefined
  #expired: EnrollmentTimeoutKind | undefined

  constructor(caller: AbortSignal | undefined, overallMs: number, idleMs: number) {
    this.#caller = caller
    this.#idleMs = idleMs
    this.#onCallerAbort = () => this.#controller.abort(caller?.reason)
    if (caller?.aborted) this.#onCallerAbort()
    else caller?.addEventListener('abort', this.#onCallerAbort, { once: true })
    if (Number.isFinite(overallMs)) {
      this.#overallTimer = setTimeout(() => this.#expire('overall'), overallMs)
    }
    // No idle timer before the first byte: 0.11 servers send nothing, not even the headers,
    // until the user has answered; 0.16 servers send a keep-alive at once and every 10 s.
  }

  /** Aborted by the caller or by a timeout. */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** The timeout that expired, if one did. */
  get expired(): EnrollmentTimeoutKind | undefined {
    return this.#expired
  }

  /** Something arrived: (re)start the idle timer. */
  touch(): void {
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer)
    if (Number.isFinite(this.#idleMs) && !this.#controller.signal.aborted) {
      this.#idleTimer = setTimeout(() => this.#expire('idle'), this.#idleMs)
    }
  }

  /** Clear the timers and stop following the caller's signal. */
  release(): void {
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer)
    if (this.#overallTimer !== undefined) clearTimeout(this.#overallTimer)
    this.#caller?.removeEventListener('abort', this.#onCallerAbort)
  }

  #expire(kind: EnrollmentTimeoutKind): void {
    if (this.#controller.signal.aborted) return
    this.#expired = kind
    this.#controller.abort(new Error(`enrollment ${kind} timeout`))
  }
}
