import * as z from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { lazySchema } from './lazy-schema.js'

describe('lazySchema', () => {
  it('builds its schema once, on first use, not when defined', () => {
    const build = vi.fn(() => z.object({ id: z.int() }))
    const schema = lazySchema(build)
    expect(build).not.toHaveBeenCalled()
    expect(schema.parse({ id: 3 })).toEqual({ id: 3 })
    expect(schema.safeParse({ id: 'x' }).success).toBe(false)
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('stands for the schema when composed, inspected and checked with instanceof', () => {
    const inner = lazySchema(() => z.object({ name: z.string().min(1) }))
    const outer = lazySchema(() => z.object({ items: z.array(inner), first: inner.nullable().default(null) }))
    expect(inner).toBeInstanceOf(z.ZodObject)
    expect(Object.keys(inner.shape)).toEqual(['name'])
    expect(outer.parse({ items: [{ name: 'a' }] })).toEqual({ items: [{ name: 'a' }], first: null })
    const failed = outer.safeParse({ items: [{ name: '' }] })
    expect(failed.success).toBe(false)
    expect(failed.error?.issues[0]?.path).toEqual(['items', 0, 'name'])
    expect(inner.extend({ size: z.int() }).parse({ name: 'b', size: 1 })).toEqual({ name: 'b', size: 1 })
  })
})
