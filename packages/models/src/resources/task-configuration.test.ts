import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseModel, parseResponse } from '../parse.js'
import {
  TaskConfigurationCollectionContentsSchema,
  TaskConfigurationItemSchema,
  TaskConfigurationPushRequestSchema,
  TaskConfigurationUpdateResultsSchema,
  taskConfigurationItemName,
} from './task-configuration.js'

const parseItem = (input: unknown) => parseModel('TaskConfigurationItem', TaskConfigurationItemSchema, input)

describe('TaskConfigurationItem', () => {
  it('fills the defaults', () => {
    expect(parseItem({ task_type: 'Worker', task_name: 'noop' })).toEqual({
      task_type: 'Worker',
      task_name: 'noop',
      subject: null,
      context: null,
      path: null,
      position: null,
      tags_provided: [],
      tags_required: [],
      template: null,
      use_templates: [],
      delete_values: [],
      default_values: {},
      override_values: {},
      lock_values: [],
      provide_tags: [],
      require_tags: [],
      comment: '',
    })
  })

  it('takes tags as a list or an expression string', () => {
    expect(parseItem({ task_type: 'Worker', task_name: 'noop', tags_provided: 'a && b' }).tags_provided).toBe(
      'a && b',
    )
  })

  it('rejects ":" in task_name, subject and template', () => {
    expect(() => parseItem({ task_type: 'Worker', task_name: 'a:b' })).toThrow(
      /task_name: must not contain ":"/,
    )
    expect(() => parseItem({ task_type: 'Worker', task_name: 'a', subject: 'x:y' })).toThrow(
      /subject: must not contain ":"/,
    )
    expect(() => parseItem({ template: 't:1' })).toThrow(/template: must not contain ":"/)
  })

  it('checks path: relative, .yaml/.yml, no . or .. components, location at most 255 characters', () => {
    const base = { task_type: 'Worker', task_name: 'noop' }
    expect(parseItem({ ...base, path: 'dir/a.yml', position: 1 }).path).toBe('dir/a.yml')
    expect(() => parseItem({ ...base, path: '/a.yaml' })).toThrow(/path: must be a relative path/)
    expect(() => parseItem({ ...base, path: 'a.json' })).toThrow(/path: must end in .yaml or .yml/)
    expect(() => parseItem({ ...base, path: 'a/../b.yaml' })).toThrow(/path: must not contain "." or ".."/)
    const long = `${'a'.repeat(248)}.yaml` // 253 characters, ":0" makes 255
    expect(parseItem({ ...base, path: long, position: 0 }).path).toBe(long)
    expect(() => parseItem({ ...base, path: long, position: 10 })).toThrow(
      /path: "\{path\}:\{position\}" must be at most 255/,
    )
  })

  it('a template sets no selector; anything else needs task_type and task_name', () => {
    expect(parseItem({ template: 'base', default_values: { a: 1 } }).template).toBe('base')
    expect(() => parseItem({ template: 'base', task_name: 'noop' })).toThrow(
      /task_name: must be empty when template is set/,
    )
    expect(() => parseItem({ subject: 'hello' })).toThrow(
      /task_type: is required unless template is set.*task_name: is required/,
    )
  })

  it('rejects an unknown task type and unknown fields', () => {
    expect(() => parseItem({ task_type: 'Remote', task_name: 'noop' })).toThrow(
      /task_type: .*\(invalid_value\)/,
    )
    expect(() => parseItem({ task_type: 'Worker', task_name: 'noop', colour: 'red' })).toThrow(
      /unrecognized_keys/,
    )
  })

  it('names items like the server', () => {
    expect(taskConfigurationItemName(parseItem({ template: 'base' }))).toBe('template:base')
    expect(
      taskConfigurationItemName(parseItem({ task_type: 'Worker', task_name: 'noop', path: 'a.yaml' })),
    ).toBe('a.yaml:0')
    expect(
      taskConfigurationItemName(
        parseItem({ task_type: 'Worker', task_name: 'sbuild', subject: 'hello', context: "sid/amd64 (x)'!" }),
      ),
    ).toBe('Worker:sbuild:hello:sid/amd64%20%28x%29%27%21')
    expect(taskConfigurationItemName(parseItem({ task_type: 'Worker', task_name: 'noop' }))).toBe(
      'Worker:noop::',
    )
  })

  it('survives JSON serialization unchanged', () => {
    const text = fc.string().filter((value) => !value.includes(':'))
    fc.assert(
      fc.property(
        text,
        fc.option(text),
        fc.option(fc.string()),
        fc.array(fc.string()),
        (task_name, subject, context, lock_values) => {
          const value = TaskConfigurationItemSchema.parse({
            task_type: 'Worker',
            task_name,
            subject,
            context,
            lock_values,
          })
          expect(TaskConfigurationItemSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('task configuration collections', () => {
  it('parse the contents the 0.16.2 server sends (no links)', () => {
    const body = {
      collection: { id: 4, name: 'default', data: { git_commit: 'a'.repeat(40) } },
      items: [
        { task_type: 'Worker', task_name: 'noop', default_values: { result: 'success' } },
        { template: 'base' },
      ],
    }
    const contents = parseResponse(
      'TaskConfigurationCollectionContents',
      TaskConfigurationCollectionContentsSchema,
      body,
    )
    expect(contents.links).toEqual({})
    expect(contents.collection.links).toEqual({})
    expect(contents.items).toHaveLength(2)
  })

  it('build a push request, dropping the collection links', () => {
    const request = TaskConfigurationPushRequestSchema.parse({
      collection: { id: 4, name: 'default', data: {}, links: {} },
      items: [],
      dry_run: true,
    })
    expect(request.collection).toEqual({ id: 4, name: 'default', data: {} })
    expect(TaskConfigurationPushRequestSchema.safeParse({ ...request, force: true }).success).toBe(false)
  })

  it('parse update results, which are counts', () => {
    const body = { added: 1, updated: 0, removed: 2, unchanged: 3 }
    expect(TaskConfigurationUpdateResultsSchema.parse(body)).toEqual({ ...body, links: {} })
    expect(TaskConfigurationUpdateResultsSchema.safeParse({ ...body, added: -1 }).success).toBe(false)
  })
})
