import { TaskConfigurationItemSchema, type TaskConfigurationItem } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import type { EntryFiles } from './entry-files.js'
import { diffEntries, planPull } from './pull-plan.js'

function item(fields: Record<string, unknown>): TaskConfigurationItem {
  return TaskConfigurationItemSchema.parse(fields)
}
const worker = (taskName: string, extra: Record<string, unknown> = {}) =>
  item({ task_type: 'Worker', task_name: taskName, ...extra })

describe('diffEntries', () => {
  it('counts unchanged, updated in place, added and deleted entries', () => {
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((name) => worker(name))
    expect(diffEntries([a!, b!, c!], [a!, b!, c!])).toEqual({
      added: 0,
      updated: 0,
      deleted: 0,
      unchanged: 3,
    })
    expect(diffEntries([a!, b!, c!], [a!, d!, c!])).toEqual({
      added: 0,
      updated: 1,
      deleted: 0,
      unchanged: 2,
    })
    expect(diffEntries([a!, b!], [a!, d!, e!, b!])).toEqual({
      added: 2,
      updated: 0,
      deleted: 0,
      unchanged: 2,
    })
    expect(diffEntries([a!, b!, c!], [d!])).toEqual({ added: 0, updated: 1, deleted: 2, unchanged: 0 })
    expect(diffEntries([], [a!])).toEqual({ added: 1, updated: 0, deleted: 0, unchanged: 0 })
  })
})

describe('planPull', () => {
  it('places items at their path and position, unpositioned ones last', () => {
    const items = [
      worker('c', { path: 'x.yaml', position: 2 }),
      worker('z', { path: 'x.yaml' }),
      worker('a', { path: 'x.yaml', position: 0 }),
      worker('q', { path: 'dir/y.yaml', position: 0 }),
    ]
    const plan = planPull(new Map(), items)
    expect([...plan.files.keys()]).toEqual(['dir/y.yaml', 'x.yaml'])
    expect(plan.files.get('x.yaml')?.map((entry) => entry.task_name)).toEqual(['a', 'c', 'z'])
    expect(plan.files.get('x.yaml')?.every((entry) => entry.path === null && entry.position === null)).toBe(
      true,
    )
    expect(plan.stats).toEqual({ added: 4, updated: 0, deleted: 0, unchanged: 0 })
    expect(plan.changes.map((change) => change.kind)).toEqual(['created', 'created'])
  })

  it('keeps pathless items where the same entry is, else puts them in new.yaml', () => {
    const local: EntryFiles = new Map([['mine.yaml', [worker('other'), worker('kept')]]])
    const plan = planPull(local, [
      worker('fresh'),
      worker('kept'),
      worker('other', { path: 'mine.yaml', position: 0 }),
    ])
    expect(plan.files.get('mine.yaml')?.map((entry) => entry.task_name)).toEqual(['other', 'kept'])
    expect(plan.files.get('new.yaml')?.map((entry) => entry.task_name)).toEqual(['fresh'])
    expect(plan.changes).toEqual([
      { file: 'mine.yaml', kind: 'unchanged', stats: { added: 0, updated: 0, deleted: 0, unchanged: 2 } },
      { file: 'new.yaml', kind: 'created', stats: { added: 1, updated: 0, deleted: 0, unchanged: 0 } },
    ])
  })

  it('uses a local entry once: a second identical pathless item goes to new.yaml', () => {
    const local: EntryFiles = new Map([['a.yaml', [worker('same')]]])
    const plan = planPull(local, [worker('same'), worker('same')])
    expect(plan.files.get('a.yaml')).toHaveLength(1)
    expect(plan.files.get('new.yaml')).toHaveLength(1)
  })

  it('lists local files that receive no item as removed', () => {
    const local: EntryFiles = new Map([
      ['gone.yaml', [worker('a'), worker('b')]],
      ['kept.yaml', [worker('c')]],
    ])
    const plan = planPull(local, [worker('d', { path: 'kept.yaml', position: 0 })])
    expect(plan.removedFiles).toEqual(['gone.yaml'])
    expect(plan.stats).toEqual({ added: 0, updated: 1, deleted: 2, unchanged: 0 })
    expect(plan.files.has('gone.yaml')).toBe(false)
  })
})
