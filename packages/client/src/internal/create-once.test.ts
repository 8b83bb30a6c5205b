import { ConnectionError } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import { CreateOutcomeUnknownError } from '../errors/create-outcome.js'
import { createOnce, RecentIds } from './create-once.js'

const lost = (): ConnectionError =>
  new ConnectionError({
    method: 'POST',
    url: 'http://server/api/1.0/work-request/',
    reason: 'answer lost',
    delivery: 'unknown',
  })

describe('createOnce', () => {
  it('looks for a lost create on the server clock: since is shifted by the clock offset', async () => {
    const hourBehind = -3_600_000
    const seen: number[] = []
    const before = Date.now()
    const found = await createOnce({
      what: 'work request',
      check: 'the list',
      recent: new RecentIds(),
      clockOffset: () => hourBehind,
      send: () => Promise.reject(lost()),
      find: (since) => {
        seen.push(since)
        return Promise.resolve({ id: 7 })
      },
    })
    expect(found).toEqual({ id: 7 })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBeGreaterThanOrEqual(before + hourBehind)
    expect(seen[0]).toBeLessThanOrEqual(Date.now() + hourBehind)
  })

  it('takes the clocks to agree without an offset, and fails undecided when nothing is found', async () => {
    const seen: number[] = []
    const before = Date.now()
    const error = await createOnce({
      what: 'work request',
      check: 'the list',
      recent: new RecentIds(),
      send: () => Promise.reject(lost()),
      find: (since) => {
        seen.push(since)
        return Promise.resolve(undefined)
      },
    }).catch((e: unknown) => e)
    expect(CreateOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(seen[0]).toBeGreaterThanOrEqual(before)
    expect(seen[0]).toBeLessThanOrEqual(Date.now())
  })
})
