import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseResponse } from '../parse.js'
import { paginatedSchema } from './pagination.js'
import {
  RuntimeParametersSchema,
  WorkflowTemplateCreateRequestModel,
  WorkflowTemplateCreateRequestSchema,
  WorkflowTemplateSchema,
} from './workflow-template.js'

function without(value: object, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))
}

// As 0.16.2 sends it (docs/protocol.md §3).
const body = {
  id: 2,
  name: 'noop',
  task_name: 'noop',
  static_parameters: {},
  runtime_parameters: 'any',
  priority: 0,
  extra_groups: ['debusine/Admins'],
  restricted: false,
  links: {
    self: '/api/1.0/workflow-template/System/2/',
    webui_self: '/debusine/System/workflow-template/noop/',
  },
}

describe('runtime_parameters', () => {
  it('accepts "any", a map of lists and a map with "any"', () => {
    for (const value of ['any', {}, { architectures: ['amd64'], backend: 'any' }, { x: [] }]) {
      expect(RuntimeParametersSchema.parse(value)).toEqual(value)
    }
  })

  it('rejects other forms', () => {
    for (const value of ['all', ['any'], { x: 'amd64' }, { x: [1] }, null]) {
      expect(RuntimeParametersSchema.safeParse(value).success).toBe(false)
    }
  })
})

describe('WorkflowTemplate', () => {
  it('parses the 0.16.2 body and a page of them', () => {
    expect(parseResponse('WorkflowTemplate', WorkflowTemplateSchema, body).extra_groups).toEqual([
      'debusine/Admins',
    ])
    const page = paginatedSchema(WorkflowTemplateSchema).parse({
      count: 1,
      next: null,
      previous: null,
      results: [body],
    })
    expect(page.count).toBe(1)
  })

  it('parses the earlier shape: priority 0, no groups, not restricted', () => {
    const earlier = without(body, 'priority', 'extra_groups', 'restricted', 'links')
    expect(WorkflowTemplateSchema.parse({ ...earlier, runtime_parameters: {} })).toMatchObject({
      priority: 0,
      extra_groups: [],
      restricted: false,
      links: {},
    })
  })

  it('requires runtime_parameters', () => {
    const rest = without(body, 'runtime_parameters')
    expect(() => parseResponse('WorkflowTemplate', WorkflowTemplateSchema, rest)).toThrow(
      /runtime_parameters: /,
    )
  })
})

describe('WorkflowTemplateCreateRequest', () => {
  it('fills the defaults', () => {
    expect(
      WorkflowTemplateCreateRequestModel.create({ name: 'n', task_name: 'noop', static_parameters: {} }),
    ).toEqual({
      name: 'n',
      task_name: 'noop',
      static_parameters: {},
      runtime_parameters: {},
      priority: 0,
      extra_groups: [],
      restricted: false,
    })
  })

  it('takes extra groups as ids or names and rejects other values', () => {
    const request = WorkflowTemplateCreateRequestModel.create({
      name: 'n',
      task_name: 'noop',
      static_parameters: {},
      extra_groups: [3, 'debusine/Admins'],
    })
    expect(request.extra_groups).toEqual([3, 'debusine/Admins'])
    expect(() =>
      WorkflowTemplateCreateRequestModel.update(request, { extra_groups: [true as never] }),
    ).toThrow(/extra_groups\.0/)
  })

  it('rejects a bad runtime_parameters, a non-integer priority and unknown fields', () => {
    const base = { name: 'n', task_name: 'noop', static_parameters: {} }
    expect(() =>
      WorkflowTemplateCreateRequestModel.create({ ...base, runtime_parameters: 'all' as never }),
    ).toThrow(/runtime_parameters: /)
    expect(() => WorkflowTemplateCreateRequestModel.create({ ...base, priority: 0.5 })).toThrow(
      /priority: .*\(invalid_type\)/,
    )
    expect(() => WorkflowTemplateCreateRequestModel.create({ ...base, id: 1 } as never)).toThrow(
      /unrecognized_keys/,
    )
  })

  it('survives JSON serialization unchanged', () => {
    const parameters = fc.oneof(
      fc.constant('any' as const),
      fc.dictionary(
        fc.string().filter((key) => key !== '__proto__'),
        fc.oneof(fc.constant('any' as const), fc.array(fc.string())),
      ),
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        parameters,
        fc.integer(),
        fc.boolean(),
        (name, runtime_parameters, priority, restricted) => {
          const value = WorkflowTemplateCreateRequestSchema.parse({
            name,
            task_name: 'noop',
            static_parameters: {},
            runtime_parameters,
            priority,
            restricted,
          })
          expect(WorkflowTemplateCreateRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})
