import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WorkRequestResult, WorkRequestStatus } from '../enumerations.js'
import created from '../fixtures/work-request-created.json' with { type: 'json' }
import { parseResponse } from '../parse.js'
import { paginatedSchema } from './pagination.js'
import {
  ExternalDebsignRequestModel,
  WorkRequestRequestModel,
  WorkRequestRequestSchema,
  WorkRequestSchema,
} from './work-request.js'

function without(value: object, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))
}

// The seed's field set (earlier shape): no 0.14.8+ extras, integer duration.
const earlierBody = {
  id: 4,
  url: '/debusine/System/work-request/4/',
  created_at: '2026-10-28T13:17:50+00:00',
  started_at: '2026-10-28T13:17:51+00:00',
  completed_at: '2026-10-28T13:17:55+00:00',
  duration: 4,
  status: 'completed',
  result: 'temporary failure',
  worker: 1,
  task_type: 'Worker',
  task_name: 'noop',
  task_data: {},
  dynamic_task_data: null,
  priority_base: 0,
  priority_adjustment: 0,
  artifacts: [],
  scope: 'debusine',
  workspace: 'System',
}

describe('WorkRequestRequest', () => {
  it('defaults workspace to null', () => {
    expect(
      WorkRequestRequestModel.create({ task_name: 'noop', task_data: {}, event_reactions: {} }).workspace,
    ).toBeNull()
  })

  it('requires task_name, task_data and event_reactions, naming each', () => {
    expect(() => WorkRequestRequestModel.create({ task_name: 'noop' } as never)).toThrow(
      /task_data: .*\(invalid_type\); event_reactions: .*\(invalid_type\)/,
    )
    expect(() =>
      WorkRequestRequestModel.create({ task_name: '', task_data: {}, event_reactions: {} }),
    ).toThrow(/task_name: .*\(too_small\)/)
  })

  it('rejects unknown fields, as the server does', () => {
    expect(() =>
      WorkRequestRequestModel.create({
        task_name: 'noop',
        task_data: {},
        event_reactions: {},
        priority: 3,
      } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.string()),
        fc.dictionary(
          fc.string().filter((key) => key !== '__proto__'),
          fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        ),
        (task_name, workspace, task_data) => {
          const value = WorkRequestRequestSchema.parse({
            task_name,
            workspace,
            task_data,
            event_reactions: {},
          })
          expect(WorkRequestRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('WorkRequest', () => {
  it('parses a body captured from a real 0.16.2 server, extras included', () => {
    const request = parseResponse('WorkRequest', WorkRequestSchema, created)
    expect(request).toMatchObject({
      task_name: 'noop',
      status: WorkRequestStatus.PENDING,
      result: WorkRequestResult.NONE,
    })
    expect(request.parent).toBeNull()
    expect(request.workflow_root).toBeNull()
    expect(request.aborted_by).toBeNull()
    expect(request.scheduler_tags_required?.length).toBeGreaterThan(0)
  })

  it('parses the earlier shape, with an integer duration and without extras', () => {
    const request = parseResponse('WorkRequest', WorkRequestSchema, earlierBody)
    expect(request.duration).toBe(4)
    expect(request.links).toEqual({})
    expect(request.parent).toBeUndefined()
  })

  it('accepts a float duration and defaults the nullable fields', () => {
    const minimal = without(
      earlierBody,
      'started_at',
      'completed_at',
      'duration',
      'worker',
      'dynamic_task_data',
      'scope',
    )
    expect(WorkRequestSchema.parse({ ...earlierBody, duration: 4.25 }).duration).toBe(4.25)
    expect(WorkRequestSchema.parse(minimal)).toMatchObject({
      started_at: null,
      completed_at: null,
      duration: null,
      worker: null,
      dynamic_task_data: null,
      scope: null,
    })
  })

  it('accepts any status, result and task type string', () => {
    const request = WorkRequestSchema.parse({
      ...earlierBody,
      status: 'paused',
      result: 'cancelled',
      task_type: 'Remote',
    })
    expect([request.status, request.result, request.task_type]).toEqual(['paused', 'cancelled', 'Remote'])
  })

  it('rejects a datetime without a zone, naming the field', () => {
    expect(() =>
      parseResponse('WorkRequest', WorkRequestSchema, { ...earlierBody, created_at: '2026-10-28 13:17' }),
    ).toThrow(/created_at: .*\(invalid_format\)/)
  })

  it('parses a cursor page (no count)', () => {
    const page = paginatedSchema(WorkRequestSchema).parse({
      next: null,
      previous: null,
      results: [created, earlierBody],
    })
    expect(page.count).toBeNull()
    expect(page.results).toHaveLength(2)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: 0, max: 1e6, noNaN: true })),
        fc.constantFrom(...Object.values(WorkRequestStatus)),
        fc.constantFrom(...Object.values(WorkRequestResult)),
        fc.option(fc.nat()),
        (duration, status, result, parent) => {
          const value = WorkRequestSchema.parse({ ...created, duration, status, result, parent })
          expect(WorkRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('ExternalDebsignRequest', () => {
  it('takes the signed artifact id and nothing else', () => {
    expect(ExternalDebsignRequestModel.create({ signed_artifact: 42 })).toEqual({ signed_artifact: 42 })
    expect(() => ExternalDebsignRequestModel.create({} as never)).toThrow(
      /signed_artifact: .*\(invalid_type\)/,
    )
    expect(() => ExternalDebsignRequestModel.create({ signed_artifact: 1, unsigned: 2 } as never)).toThrow(
      /unrecognized_keys/,
    )
  })
})
