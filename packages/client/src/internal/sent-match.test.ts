import type { WorkRequest } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { findCreated, RecentIds } from './create-once.js'
import { holdsSent, OwnUser } from './sent-match.js'

describe('holdsSent: what the server holds against what was sent', () => {
  it('allows keys the server adds, at any depth (task_configuration, defaults)', () => {
    expect(holdsSent({ result: 'success', task_configuration: 54 }, { result: 'success' })).toBe(true)
    expect(holdsSent({ a: { b: 1, c: null } }, { a: { b: 1 } })).toBe(true)
    expect(holdsSent({ a: [{ b: 1, added: true }] }, { a: [{ b: 1 }] })).toBe(true)
  })

  it('requires every key sent, with the value sent', () => {
    expect(holdsSent({ result: 'failure' }, { result: 'success' })).toBe(false)
    expect(holdsSent({}, { result: 'success' })).toBe(false)
    expect(holdsSent({ a: { b: 2 } }, { a: { b: 1 } })).toBe(false)
    expect(holdsSent({ n: '1' }, { n: 1 })).toBe(false)
    expect(holdsSent({}, { v: null })).toBe(false)
    expect(holdsSent({ v: null }, { v: null })).toBe(true)
  })

  it('takes lists in any order, element for element, never one element for two', () => {
    expect(holdsSent({ l: ['b', 'a'] }, { l: ['a', 'b'] })).toBe(true)
    expect(holdsSent({ l: [{ x: 2 }, { x: 1, y: 0 }] }, { l: [{ x: 1 }, { x: 2 }] })).toBe(true)
    expect(holdsSent({ l: ['a', 'a'] }, { l: ['a', 'b'] })).toBe(false)
    expect(holdsSent({ l: ['a'] }, { l: ['a', 'a'] })).toBe(false)
    expect(holdsSent({ l: ['a', 'b', 'c'] }, { l: ['a', 'b'] })).toBe(false)
  })
})

const at = '2026-11-27T07:00:00Z'
function request(id: number, createdBy: number): WorkRequest {
  return { id, created_by: createdBy, created_at: at, task_data: {} } as unknown as WorkRequest
}
async function* listed(...requests: WorkRequest[]): AsyncIterable<WorkRequest> {
  for (const request of requests) yield await Promise.resolve(request)
}
const since = Date.parse(at) - 1000

describe('findCreated: never someone else’s', () => {
  it('takes only our user’s once the client knows its id', async () => {
    const user = new OwnUser()
    user.learn(2)
    const found = await findCreated(
      listed(request(9, 3), request(8, 2)),
      since,
      new RecentIds(),
      () => true,
      user,
    )
    expect(found?.id).toBe(8)
    const none = await findCreated(listed(request(9, 3)), since, new RecentIds(), () => true, user)
    expect(none).toBeUndefined()
  })

  it('without the id, takes a match only when one user made every match', async () => {
    const one = await findCreated(
      listed(request(9, 2), request(8, 2)),
      since,
      new RecentIds(),
      () => true,
      new OwnUser(),
    )
    expect(one?.id).toBe(9)
    const two = await findCreated(
      listed(request(9, 3), request(8, 2)),
      since,
      new RecentIds(),
      () => true,
      new OwnUser(),
    )
    expect(two).toBeUndefined()
  })

  it('leaves out the ids this client returned lately and what is older than the call', async () => {
    const recent = new RecentIds()
    recent.add(9)
    const old = { ...request(7, 2), created_at: '2026-11-27T06:00:00Z' }
    const found = await findCreated(listed(request(9, 2), old), since, recent, () => true, new OwnUser())
    expect(found).toBeUndefined()
  })
})
