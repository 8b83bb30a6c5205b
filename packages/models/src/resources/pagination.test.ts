import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { parseResponse } from '../parse.js'
import { PaginatedSchema, paginatedSchema } from './pagination.js'

describe('pagination envelopes', () => {
  it('parses a cursor page: no count', () => {
    const page = PaginatedSchema.parse({
      next: 'http://127.0.0.1:8011/api/1.0/work-request/?cursor=cD0yMDI2',
      previous: null,
      results: [{ id: 1 }],
    })
    expect(page.count).toBeNull()
    expect(page.next).toContain('cursor=')
  })

  it('parses a page-number page: with count', () => {
    const page = PaginatedSchema.parse({
      count: 11,
      next: 'http://h/api/1.0/collection/System/?page=2',
      previous: null,
      results: [],
    })
    expect(page.count).toBe(11)
  })

  it('defaults count, next and previous to null', () => {
    expect(PaginatedSchema.parse({ results: [] })).toEqual({
      count: null,
      next: null,
      previous: null,
      results: [],
    })
  })

  it('validates each item with the given schema, naming its index', () => {
    const schema = paginatedSchema(z.looseObject({ id: z.int() }))
    expect(() => parseResponse('Page', schema, { results: [{ id: 1 }, { id: 'x' }] })).toThrow(
      /results\.1\.id: /,
    )
  })

  it('requires results and absolute next/previous URLs', () => {
    expect(PaginatedSchema.safeParse({ count: 0 }).success).toBe(false)
    expect(PaginatedSchema.safeParse({ results: [], next: '?page=2' }).success).toBe(false)
    expect(PaginatedSchema.safeParse({ results: [], count: -1 }).success).toBe(false)
  })
})
