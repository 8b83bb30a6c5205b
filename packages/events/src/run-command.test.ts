import { describe, expect, it } from 'vitest'
import { runCommand, succeeded, type RunLimits } from './run-command.js'

const limits = (overrides: Partial<RunLimits> = {}): RunLimits => ({
  workingDirectory: process.cwd(),
  env: process.env,
  stdio: 'ignore',
  timeoutMs: undefined,
  killAfterMs: 200,
  cancel: new AbortController().signal,
  cancelGraceMs: 0,
  ...overrides,
})

describe('runCommand', () => {
  it('reports the exit status', async () => {
    const ok = await runCommand('sh', ['-c', 'exit 0'], limits())
    expect(succeeded(ok)).toBe(true)
    const failed = await runCommand('sh', ['-c', 'exit 3'], limits())
    expect([failed.exitCode, failed.timedOut, succeeded(failed)]).toEqual([3, false, false])
    const missing = await runCommand('./no-such-command', [], limits())
    expect(missing.error).toBeInstanceOf(Error)
  })

  it('stops a command at its time limit with SIGTERM', async () => {
    const result = await runCommand('sleep', ['30'], limits({ timeoutMs: 100 }))
    expect([result.timedOut, result.signal, result.cancelled]).toEqual([true, 'SIGTERM', false])
  })

  it('sends SIGKILL after the grace when SIGTERM is ignored, to the whole process group', async () => {
    const script = "trap '' TERM; while :; do sleep 0.05; done"
    const result = await runCommand('sh', ['-c', script], limits({ timeoutMs: 100, killAfterMs: 200 }))
    expect([result.timedOut, result.signal]).toEqual([true, 'SIGKILL'])
  })

  it('at shutdown, lets the command finish within the grace period, else stops it', async () => {
    const controller = new AbortController()
    controller.abort()
    const finished = await runCommand(
      'sh',
      ['-c', 'sleep 0.1'],
      limits({ cancel: controller.signal, cancelGraceMs: 5_000 }),
    )
    expect([finished.exitCode, finished.cancelled]).toEqual([0, false])
    const stopped = await runCommand(
      'sleep',
      ['30'],
      limits({ cancel: controller.signal, cancelGraceMs: 50 }),
    )
    expect([stopped.cancelled, stopped.signal]).toEqual([true, 'SIGTERM'])
  })
})
