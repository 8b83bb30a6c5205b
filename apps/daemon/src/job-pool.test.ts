import { describe, expect, it } from 'vitest'
import { JobPool } from './job-pool.js'

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('JobPool', () => {
  it('runs at most `jobs` at once, queues up to `queueLimit`, refuses beyond', async () => {
    const gates = new Map<number, ReturnType<typeof deferred>>()
    const started: number[] = []
    const pool = new JobPool<number>({
      jobs: 2,
      queueLimit: 2,
      run: async (item) => {
        started.push(item)
        const gate = deferred()
        gates.set(item, gate)
        await gate.promise
      },
      onError: () => {},
    })
    expect([1, 2, 3, 4, 5].map((item) => pool.offer(item))).toEqual([true, true, true, true, false])
    expect([pool.running, pool.queued, started]).toEqual([2, 2, [1, 2]])
    gates.get(1)?.resolve()
    await pool.whenRoom(1)
    expect(started).toEqual([1, 2, 3])
    expect(pool.close()).toEqual([4])
    for (const item of [2, 3]) gates.get(item)?.resolve()
    await pool.idle()
    expect([pool.running, pool.queued, started]).toEqual([0, 0, [1, 2, 3]])
    expect(pool.offer(6)).toBe(false)
  })

  it('hands a failed run to onError and goes on', async () => {
    const errors: unknown[] = []
    const pool = new JobPool<number>({
      jobs: 1,
      queueLimit: 5,
      run: (item) => (item === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()),
      onError: (error) => errors.push(error),
    })
    pool.offer(1)
    pool.offer(2)
    await pool.idle()
    expect(errors).toEqual([new Error('boom')])
  })
})
