import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CompletionEvent } from '@debusine-ts/events'
import { CompletionLedger } from './completion-ledger.js'

const at = (second: number): string => `2026-11-27T10:00:${String(second).padStart(2, '0')}.000001Z`
const event = (id: number, second: number): CompletionEvent => ({
  work_request_id: id,
  completed_at: at(second),
  result: 'success',
  links: {},
})

async function stateFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'ledger-')), 'state.json')
}

const stateOf = async (file: string): Promise<unknown> =>
  (JSON.parse(await readFile(file, 'utf8')) as { last_completed_at: unknown }).last_completed_at

describe('CompletionLedger', () => {
  it('advances the state file only past completions whose command finished, in any order', async () => {
    const file = await stateFile()
    const ledger = await CompletionLedger.open(file)
    expect(await stateOf(file)).toBeNull()
    for (const e of [event(1, 1), event(2, 2), event(3, 3)]) await ledger.take(e)
    await ledger.finish(event(2, 2))
    expect(await stateOf(file)).toBeNull()
    await ledger.finish(event(1, 1))
    expect(await stateOf(file)).toBe('2026-11-27T10:00:02.000001+00:00')
    await ledger.finish(event(3, 3))
    expect(await stateOf(file)).toBe('2026-11-27T10:00:03.000001+00:00')
  })

  it('after a crash, replays from before the oldest unfinished completion and skips the finished ones', async () => {
    const file = await stateFile()
    const first = await CompletionLedger.open(file)
    for (const e of [event(1, 1), event(2, 2), event(3, 3)]) await first.take(e)
    await first.finish(event(1, 1))
    await first.finish(event(3, 3))
    // No shutdown: the process dies here.
    const second = await CompletionLedger.open(file)
    expect(second.startFrom).toBe('2026-11-27T10:00:01.000001+00:00')
    expect(second.leftPending.map((c) => c.work_request_id)).toEqual([2])
    expect(second.has(event(1, 1))).toBe(true)
    expect(second.has(event(3, 3))).toBe(true)
    expect(second.has(event(2, 2))).toBe(false)
    await second.take(event(2, 2))
    await second.finish(event(2, 2))
    expect(await stateOf(file)).toBe('2026-11-27T10:00:03.000001+00:00')
    const third = await CompletionLedger.open(file)
    expect(third.startFrom).toBe('2026-11-27T10:00:03.000001+00:00')
    expect(third.leftPending).toEqual([])
  })

  it('never passes a completion it let go (full queue) before taking it again and finishing it', async () => {
    const file = await stateFile()
    const ledger = await CompletionLedger.open(file)
    await ledger.take(event(1, 1))
    ledger.defer(event(2, 2))
    await ledger.take(event(3, 3))
    await ledger.finish(event(1, 1))
    await ledger.finish(event(3, 3))
    expect(await stateOf(file)).toBe('2026-11-27T10:00:01.000001+00:00')
    expect(ledger.has(event(2, 2))).toBe(false)
    await ledger.take(event(2, 2))
    await ledger.finish(event(2, 2))
    expect(await stateOf(file)).toBe('2026-11-27T10:00:03.000001+00:00')
  })

  it('remembers in memory without a state file', async () => {
    const ledger = await CompletionLedger.open(undefined)
    expect(ledger.startFrom).toBeUndefined()
    await ledger.take(event(1, 1))
    expect(ledger.has(event(1, 1))).toBe(true)
    await ledger.finish(event(1, 1))
    expect(ledger.has(event(1, 1))).toBe(true)
  })
})
