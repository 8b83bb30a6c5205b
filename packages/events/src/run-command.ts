import { spawn, type StdioOptions } from 'node:child_process'

/** How one run of the command ended. */
export interface CommandResult {
  /** The exit status; `null` when a signal ended it or it did not start. */
  exitCode: number | null
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null
  /** Why it did not start, if it did not. */
  error: Error | undefined
  /** Whether it ran past `timeoutMs` and was stopped. */
  timedOut: boolean
  /** Whether the shutdown grace period ran out and it was stopped. */
  cancelled: boolean
  /** How long it ran, in milliseconds. */
  durationMs: number
}

/** What {@link runCommand} needs. */
export interface RunLimits {
  /** The command's working directory. */
  workingDirectory: string
  /** The command's environment. */
  env: NodeJS.ProcessEnv
  /** Passed to `spawn` as it is. */
  stdio: StdioOptions
  /** Stop the command after this long (milliseconds); none when undefined. */
  timeoutMs: number | undefined
  /** Between SIGTERM and SIGKILL, in milliseconds. */
  killAfterMs: number
  /** Once aborted (shutdown), the command has `cancelGraceMs` to finish before it is stopped. */
  cancel: AbortSignal
  /** See `cancel`. */
  cancelGraceMs: number
}

/** Whether a result counts as a success: started, exit status 0, neither timed out nor stopped. */
export function succeeded(result: CommandResult): boolean {
  return result.error === undefined && result.exitCode === 0 && !result.timedOut && !result.cancelled
}

/**
 * Run a command (no shell) in a process group of its own and wait for it to end. At its
 * time limit, or when the shutdown grace period runs out, the whole group gets SIGTERM,
 * then SIGKILL `killAfterMs` later, so a shell script's children stop with it. The one
 * spawner of the suite: `onWorkRequestCompleted` and the daemon both run their commands here.
 * It waits for the process's exit, not for its output streams to close, so a grandchild
 * that keeps stdout open does not hold the caller.
 *
 * @example
 * const result = await runCommand('./hook', ['42', 'success'], {
 *   workingDirectory: '.', env: process.env, stdio: 'inherit', timeoutMs: 60_000,
 *   killAfterMs: 5_000, cancel: new AbortController().signal, cancelGraceMs: 30_000,
 * })
 * if (result.timedOut) console.log('stopped at its time limit')
 */
export function runCommand(
  command: string,
  argv: readonly string[],
  limits: RunLimits,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const started = performance.now()
    const timers: ReturnType<typeof setTimeout>[] = []
    let timedOut = false
    let cancelled = false
    let done = false
    const child = spawn(command, argv, {
      cwd: limits.workingDirectory,
      env: limits.env,
      stdio: limits.stdio,
      detached: true,
    })
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal)
      } catch {
        // The group is gone already.
      }
    }
    const stop = (): void => {
      signalGroup('SIGTERM')
      timers.push(setTimeout(() => signalGroup('SIGKILL'), limits.killAfterMs))
    }
    if (limits.timeoutMs !== undefined) {
      timers.push(
        setTimeout(() => {
          timedOut = true
          stop()
        }, limits.timeoutMs),
      )
    }
    const onCancel = (): void => {
      timers.push(
        setTimeout(() => {
          cancelled = !timedOut
          stop()
        }, limits.cancelGraceMs),
      )
    }
    if (limits.cancel.aborted) onCancel()
    else limits.cancel.addEventListener('abort', onCancel, { once: true })
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, error?: Error): void => {
      if (done) return
      done = true
      limits.cancel.removeEventListener('abort', onCancel)
      for (const timer of timers) clearTimeout(timer)
      // What the stopped command left behind in its group does not outlive it.
      if (timedOut || cancelled) signalGroup('SIGKILL')
      const durationMs = Math.round(performance.now() - started)
      resolve({ exitCode, signal, error, timedOut, cancelled, durationMs })
    }
    child.once('error', (error) => finish(null, null, error))
    child.once('exit', (exitCode, signal) => finish(exitCode, signal))
  })
}
