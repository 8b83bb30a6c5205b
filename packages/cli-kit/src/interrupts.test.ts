import { EventEmitter } from 'node:events'
import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import type { CommandContext } from './command-context.js'
import { defineCommand } from './declared-command.js'
import { ProcessInterrupt, watchProcessSignals } from './interrupts.js'
import type { Io } from './io.js'
import { runProgram, type Program } from './run-program.js'
import { commonOptions, globalOptions } from './standard-options.js'

/** A fake process: signals are emitted by the test, exits recorded. */
function harness(graceMs = 60_000) {
  const source = new EventEmitter()
  const stderr: string[] = []
  const exits: number[] = []
  const interrupts = watchProcessSignals({
    stderr: { write: (text: string) => stderr.push(text) },
    programName: 'tool',
    graceMs,
    exit: (code) => exits.push(code),
    source: source as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
  })
  return { source, stderr, exits, interrupts }
}

/** A command that waits until its signal aborts, saying what it would leave. */
async function waitHandler(context: CommandContext): Promise<void> {
  context.io.interrupts?.setStatus({
    now: () => 'artifact 7 exists; files still to upload: "a"',
    atStop: () => Promise.resolve('artifact 7 exists; files still to upload: none'),
  })
  await new Promise((_, reject) => {
    context.signal.addEventListener('abort', () => reject(new Error('some error of the stopped operation')))
  })
}

const waitCommand = defineCommand({
  path: ['wait'],
  summary: 'wait until interrupted',
  output: 'model',
  offline: true,
  handler: () => Promise.resolve(waitHandler),
})

function ioOf(interrupts: Io['interrupts']): { io: Io; out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  const io: Io = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    stdin: new PassThrough(),
    env: {},
    cwd: '/',
    signal: interrupts?.signal,
    interrupts,
  }
  return { io, out, err }
}

const program: Program = {
  info: { name: 'tool', summary: 'a tool', globalOptions, commonOptions },
  commands: [waitCommand],
  version: () => '1',
  userAgent: () => 'tool/1',
}

describe('watchProcessSignals', () => {
  it('aborts on the first signal with a ProcessInterrupt of its exit code', () => {
    const { source, exits, interrupts } = harness()
    source.emit('SIGTERM')
    expect(interrupts.signal.reason).toBeInstanceOf(ProcessInterrupt)
    expect((interrupts.signal.reason as ProcessInterrupt).exitCode).toBe(143)
    expect(exits).toEqual([])
    interrupts.finished()
  })

  it('exits at once on a second signal, with one line of the last status', () => {
    const { source, stderr, exits, interrupts } = harness()
    interrupts.setStatus({ now: () => 'artifact 3 exists' })
    source.emit('SIGINT')
    source.emit('SIGINT')
    expect(exits).toEqual([130])
    expect(stderr).toEqual(['tool: interrupted (SIGINT): artifact 3 exists\n'])
  })

  it('exits after the grace period when the operation does not stop', () => {
    vi.useFakeTimers()
    try {
      const { source, stderr, exits } = harness(1_000)
      source.emit('SIGTERM')
      vi.advanceTimersByTime(999)
      expect(exits).toEqual([])
      vi.advanceTimersByTime(1)
      expect(exits).toEqual([143])
      expect(stderr).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('runProgram interrupted', () => {
  it('exits 130 with the stopped look, not 0, whatever error the operation ended with', async () => {
    const { source, exits, interrupts } = harness()
    const { io, out, err } = ioOf(interrupts)
    const running = runProgram(program, ['wait', '--json'], io)
    await new Promise((resolve) => setTimeout(resolve, 10))
    source.emit('SIGINT')
    expect(await running).toBe(130)
    expect(out).toEqual([])
    expect(err).toEqual(['tool: interrupted (SIGINT): artifact 7 exists; files still to upload: none\n'])
    // The run ended: no forced exit later, and a late signal is the caller's business.
    expect(exits).toEqual([])
  })
})
