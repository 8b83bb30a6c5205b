/** The signals a program stops on, and the exit code each stands for (128 + its number). */
export const interruptExitCodes = { SIGINT: 130, SIGTERM: 143 } as const

/** A signal a program stops on. */
export type InterruptSignal = keyof typeof interruptExitCodes

/**
 * How long the operation has after the first signal to reach a safe point and say what it
 * left on the server; then the process exits anyway, with the last status it knew.
 */
export const DEFAULT_GRACE_MS = 1_800

/** The part of the grace period kept for printing the line after a last look at the server. */
const LOOK_MARGIN_MS = 300

/** The abort reason of a program's signal once SIGINT or SIGTERM arrived. */
export class ProcessInterrupt extends Error {
  override readonly name = 'ProcessInterrupt'
  /** 130 for SIGINT, 143 for SIGTERM. */
  readonly exitCode: number

  constructor(readonly signalName: InterruptSignal) {
    super(`interrupted by ${signalName}`)
    this.exitCode = interruptExitCodes[signalName]
  }
}

/**
 * What a command says it left on the server if it is interrupted now. `now` answers at
 * once (a second signal, the end of the grace period); `atStop`, when given, may look
 * again once the operation stopped (e.g. read the artifact back), within the grace period.
 */
export interface InterruptStatus {
  now(): string
  atStop?: ((signal: AbortSignal) => Promise<string>) | undefined
}

/** Where a program learns of SIGINT/SIGTERM and its commands tell what an interrupt leaves. */
export interface Interrupts {
  /** Aborted, with a {@link ProcessInterrupt} as reason, on the first signal. */
  readonly signal: AbortSignal
  /** Replace what the running command says if interrupted now. */
  setStatus(status: InterruptStatus): void
  /** The line an interrupt prints (without the newline), waiting for `atStop` at most until the grace period ends. */
  finalLine(): Promise<string>
  /** The run ended and printed its outcome: no forced exit any more. */
  finished(): void
}

/** What {@link watchProcessSignals} needs beyond the process itself. */
export interface WatchOptions {
  /** Where the forced exit writes its line. */
  readonly stderr: { write(text: string): unknown }
  /** The program's name, first on the line. */
  readonly programName: string
  /** See {@link DEFAULT_GRACE_MS}. */
  readonly graceMs?: number | undefined
  /** Ends the process (tests give their own). */
  readonly exit?: ((code: number) => void) | undefined
  /** Where signals come from (tests give their own). */
  readonly source?: Pick<NodeJS.Process, 'on' | 'off'> | undefined
}

const noticeOf = (programName: string, signalName: InterruptSignal, text: string): string =>
  `${programName}: interrupted (${signalName}): ${text}`

/** A status for commands that told nothing: they send no change, or none that a rerun cannot repeat safely. */
const unknownStatus: InterruptStatus = {
  now: () => 'stopped before the command completed; run the same command again to complete it.',
}

/**
 * Turn SIGINT and SIGTERM into an abort of one signal. After the first one, the command
 * has {@link DEFAULT_GRACE_MS} to stop and say what it left; a second signal, or the end
 * of the grace period, prints the last status the command gave and exits at once with 130
 * (SIGINT) or 143 (SIGTERM) — never 0, since the operation did not complete.
 */
export function watchProcessSignals(options: WatchOptions): Interrupts & { dispose(): void } {
  const controller = new AbortController()
  const source = options.source ?? process
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS
  let status = unknownStatus
  let done = false
  let timer: NodeJS.Timeout | undefined
  let interruptedAt = 0
  const reason = (): ProcessInterrupt => controller.signal.reason as ProcessInterrupt
  const forceExit = (): void => {
    if (done) return
    done = true
    options.stderr.write(`${noticeOf(options.programName, reason().signalName, status.now())}\n`)
    exit(reason().exitCode)
  }
  const onSignal = (signalName: InterruptSignal): void => {
    // After the run printed its outcome, a signal changes nothing: the exit code stands.
    if (done) return
    if (controller.signal.aborted) {
      forceExit()
      return
    }
    interruptedAt = Date.now()
    controller.abort(new ProcessInterrupt(signalName))
    timer = setTimeout(forceExit, graceMs)
  }
  const onInt = (): void => onSignal('SIGINT')
  const onTerm = (): void => onSignal('SIGTERM')
  source.on('SIGINT', onInt)
  source.on('SIGTERM', onTerm)
  return {
    signal: controller.signal,
    setStatus: (next) => {
      status = next
    },
    finalLine: async () => {
      const { signalName } = reason()
      let text = status.now()
      // The look must end before the forced exit, with a margin for printing.
      const left = interruptedAt + graceMs - LOOK_MARGIN_MS - Date.now()
      if (status.atStop !== undefined && left > 0) {
        text = await status.atStop(AbortSignal.timeout(left)).catch(() => text)
      }
      return noticeOf(options.programName, signalName, text)
    },
    finished: () => {
      done = true
      if (timer !== undefined) clearTimeout(timer)
    },
    dispose: () => {
      source.off('SIGINT', onInt)
      source.off('SIGTERM', onTerm)
    },
  }
}
