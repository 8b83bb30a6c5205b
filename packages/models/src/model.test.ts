import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ValidationError } from './errors/validation-error.js'
import { defineModel } from './model.js'

const Point = defineModel(
  'Point',
  z.strictObject({ x: z.int().min(0), tags: z.array(z.string()).default([]) }),
)

describe('defineModel', () => {
  it('creates frozen values, deep', () => {
    const point = Point.create({ x: 1, tags: ['a'] })
    expect(point).toEqual({ x: 1, tags: ['a'] })
    expect(Object.isFrozen(point)).toBe(true)
    expect(Object.isFrozen(point.tags)).toBe(true)
    expect(() => {
      ;(point as { x: number }).x = -1
    }).toThrow(TypeError)
  })

  it('does not freeze the objects the caller passed in', () => {
    const tags = ['a']
    Point.create({ x: 1, tags })
    expect(Object.isFrozen(tags)).toBe(false)
  })

  it('updates into a new validated value and leaves the old one unchanged', () => {
    const point = Point.create({ x: 1 })
    const moved = Point.update(point, { x: 2 })
    expect(moved.x).toBe(2)
    expect(point.x).toBe(1)
  })

  it('rejects an invalid update with the field and the rule, like validate_assignment', () => {
    const point = Point.create({ x: 1 })
    expect(() => Point.update(point, { x: -1 })).toThrow(ValidationError)
    expect(() => Point.update(point, { x: -1 })).toThrow(/Invalid Point: x: .*\(too_small\)/)
    expect(() => Point.create({ x: 1, y: 2 } as never)).toThrow(/\(unrecognized_keys\)/)
  })
})
