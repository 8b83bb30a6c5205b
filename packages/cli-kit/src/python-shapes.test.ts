import { describe, expect, it } from 'vitest'
import { pythonShapes, shapeArtifactLikePython, shapeLikePython } from './python-shapes.js'

describe('shapeLikePython', () => {
  it('orders the fields as the Python model, adds its defaults and drops fields it does not know', () => {
    const shaped = shapeLikePython(
      { unknown: 1, name: 'noop', id: 7, links: { self: 'x' }, task_name: 'noop' },
      pythonShapes.workflowTemplate,
    )
    expect(Object.keys(shaped)).toEqual([
      'links',
      'id',
      'name',
      'task_name',
      'priority',
      'extra_groups',
      'restricted',
    ])
    expect(shaped).toMatchObject({ priority: 0, extra_groups: [], restricted: false })
  })

  it('shapes the files of an artifact as FileResponse', () => {
    const shaped = shapeArtifactLikePython({ id: 1, files: { a: { size: 3, extra: true } } })
    expect(shaped.files).toEqual({ a: { links: {}, size: 3, content_type: null } })
  })
})
