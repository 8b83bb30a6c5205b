import { describe, expect, it } from 'vitest'
import { applyRelationTargetChanges } from './relation-target-changes.js'

const suite = (name: string) => ({ name, category: 'debian:suite' })

describe('applyRelationTargetChanges', () => {
  const current = [suite('a'), suite('b')]

  it('keeps the targets when nothing changes, and copies them', () => {
    const targets = applyRelationTargetChanges(current, {})
    expect(targets).toEqual(current)
    expect(targets[0]).not.toBe(current[0])
  })

  it('sets, then appends and prepends what is missing, then removes', () => {
    expect(applyRelationTargetChanges(current, { append: [suite('b'), suite('c')] })).toEqual([
      suite('a'),
      suite('b'),
      suite('c'),
    ])
    expect(applyRelationTargetChanges(current, { prepend: [suite('x'), suite('y'), suite('a')] })).toEqual([
      suite('x'),
      suite('y'),
      suite('a'),
      suite('b'),
    ])
    expect(
      applyRelationTargetChanges(current, { set: [suite('c')], append: [suite('d')], remove: [suite('c')] }),
    ).toEqual([suite('d')])
  })

  it('tells collections of another category apart', () => {
    const other = { name: 'a', category: 'debian:environments' }
    expect(applyRelationTargetChanges(current, { append: [other], remove: [suite('a')] })).toEqual([
      suite('b'),
      other,
    ])
  })
})
