import { TaskType, ValidationError, WorkRequestStatus } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { workRequestListQuery } from './list.js'

describe('work request list query', () => {
  it('maps the filters to the query names of 0.16.2', () => {
    expect(
      workRequestListQuery({
        status: WorkRequestStatus.RUNNING,
        taskType: TaskType.WORKFLOW,
        rootOnly: true,
        ids: [3, 1, 2],
      }),
    ).toEqual({ status: 'running', task_type: 'Workflow', root_only: 'true', ids: '3,1,2' })
  })

  it('leaves out what is not set, and root_only when false', () => {
    expect(
      Object.values(workRequestListQuery({ rootOnly: false })).filter((value) => value !== undefined),
    ).toEqual([])
    expect(Object.values(workRequestListQuery()).filter((value) => value !== undefined)).toEqual([])
  })

  it('names each bad filter', () => {
    try {
      workRequestListQuery({
        status: 'done' as never,
        taskType: 'worker' as never,
        ids: [1, 0],
        colour: 1,
      } as never)
      expect.unreachable()
    } catch (error) {
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
        'colour',
        'status',
        'taskType',
        'ids.1',
      ])
    }
    expect(() => workRequestListQuery({ ids: [] })).toThrow(/non-empty list/)
  })
})
