import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WorkRequestResult } from '../enumerations.js'
import { parseResponse } from '../parse.js'
import { OnWorkRequestCompletedSchema } from './completion-event.js'

describe('OnWorkRequestCompleted', () => {
  it('parses the message of the channel (docs/protocol.md §7), accepting type and text', () => {
    const message = {
      type: 'websocket.send',
      text: 'work_request_completed',
      work_request_id: 123,
      completed_at: '2026-10-28T13:17:55.123456Z',
      result: 'success',
    }
    expect(parseResponse('OnWorkRequestCompleted', OnWorkRequestCompletedSchema, message)).toMatchObject({
      work_request_id: 123,
      completed_at: '2026-10-28T13:17:55.123456Z',
      result: WorkRequestResult.SUCCESS,
      links: {},
    })
  })

  it('accepts +00:00 datetimes, "temporary failure" and the empty result of a replayed abort', () => {
    for (const result of ['temporary failure', '']) {
      expect(
        OnWorkRequestCompletedSchema.parse({
          work_request_id: 1,
          completed_at: '2026-10-28T13:17:55+00:00',
          result,
        }).result,
      ).toBe(result)
    }
  })

  it('rejects a message without work_request_id or with a bad completed_at', () => {
    expect(() =>
      parseResponse('OnWorkRequestCompleted', OnWorkRequestCompletedSchema, {
        completed_at: '2026-10-28T13:17:55Z',
        result: '',
      }),
    ).toThrow(/work_request_id: /)
    expect(() =>
      parseResponse('OnWorkRequestCompleted', OnWorkRequestCompletedSchema, {
        work_request_id: 1,
        completed_at: 'now',
        result: '',
      }),
    ).toThrow(/completed_at: .*\(invalid_format\)/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
        fc.constantFrom(...Object.values(WorkRequestResult)),
        (work_request_id, date, result) => {
          const value = OnWorkRequestCompletedSchema.parse({
            work_request_id,
            completed_at: date.toISOString(),
            result,
          })
          expect(OnWorkRequestCompletedSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})
