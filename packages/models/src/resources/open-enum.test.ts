import { describe, expect, expectTypeOf, it } from 'vitest'
import { WorkRequestStatus } from '../enumerations.js'
import { openEnum, type OpenEnum } from './open-enum.js'
import type { WorkRequest } from './work-request.js'

describe('openEnum', () => {
  it('accepts the known values and any other string, but not other types', () => {
    const schema = openEnum(WorkRequestStatus)
    expect(schema.parse(WorkRequestStatus.RUNNING)).toBe('running')
    expect(schema.parse('paused')).toBe('paused')
    expect(schema.safeParse(3).success).toBe(false)
    expect(schema.safeParse(null).success).toBe(false)
  })

  it('keeps the known values in the type', () => {
    expectTypeOf<WorkRequest['status']>().toEqualTypeOf<OpenEnum<WorkRequestStatus>>()
    expectTypeOf<'running'>().toExtend<WorkRequest['status']>()
    expectTypeOf<string>().toExtend<WorkRequest['status']>()
  })
})
