import { describe, expect, it } from 'vitest'
import { WorkRequestStatus } from './enumerations.js'
import { isWorkRequestFinished } from './work-request-finished.js'

describe('isWorkRequestFinished', () => {
  it('holds for completed and aborted only', () => {
    const finished = Object.values(WorkRequestStatus).filter((status) => isWorkRequestFinished({ status }))
    expect(finished.sort()).toEqual(['aborted', 'completed'])
    expect(isWorkRequestFinished({ status: 'some-future-status' })).toBe(false)
  })
})
