import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation-error.js'
import { CreateWorkflowRequestModel, CreateWorkflowRequestSchema } from './workflow.js'

describe('CreateWorkflowRequest', () => {
  it('accepts a template name alone or a task name alone', () => {
    expect(CreateWorkflowRequestModel.create({ template_name: 'sbuild', task_data: {} })).toEqual({
      template_name: 'sbuild',
      task_name: '',
      workspace: null,
      task_data: {},
    })
    expect(
      CreateWorkflowRequestModel.create({ task_name: 'noop', task_data: {}, workspace: 'System' }).task_name,
    ).toBe('noop')
  })

  it('rejects neither and both, naming the rule', () => {
    for (const [input, reason] of [
      [{ task_data: {} }, 'neither is'],
      [{ template_name: '', task_name: '', task_data: {} }, 'neither is'],
      [{ template_name: 'a', task_name: 'b', task_data: {} }, 'both are'],
    ] as const) {
      try {
        CreateWorkflowRequestModel.create(input)
        expect.unreachable()
      } catch (error) {
        expect(ValidationError.isInstance(error)).toBe(true)
        const { issues } = error as ValidationError
        expect(issues).toEqual([
          {
            path: 'template_name',
            rule: 'custom',
            message: `exactly one of template_name and task_name must be non-empty (${reason})`,
          },
        ])
      }
    }
  })

  it('keeps the rule on update', () => {
    const request = CreateWorkflowRequestModel.create({ template_name: 'a', task_data: {} })
    expect(() => CreateWorkflowRequestModel.update(request, { task_name: 'b' })).toThrow(/exactly one of/)
    expect(CreateWorkflowRequestModel.update(request, { template_name: '', task_name: 'b' }).task_name).toBe(
      'b',
    )
  })

  it('requires task_data and rejects unknown fields', () => {
    expect(() => CreateWorkflowRequestModel.create({ template_name: 'a' } as never)).toThrow(/task_data: /)
    expect(() =>
      CreateWorkflowRequestModel.create({ template_name: 'a', task_data: {}, priority: 1 } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.boolean(),
        fc.option(fc.string()),
        (name, byTemplate, workspace) => {
          const value = CreateWorkflowRequestSchema.parse({
            [byTemplate ? 'template_name' : 'task_name']: name,
            workspace,
            task_data: { name },
          })
          expect(CreateWorkflowRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})
