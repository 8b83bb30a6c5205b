import { describe, expect, it } from 'vitest'
import { DateTimeSchema } from './datetime.js'
import { linkHref, LinksSchema } from './links.js'

describe('links', () => {
  it('accepts plain strings and link objects, with or without type', () => {
    const links = LinksSchema.parse({
      self: '/a/',
      web: { href: '/b/' },
      tar: { href: '/c/', type: 'application/tar+gzip' },
    })
    expect(links).toEqual({
      self: '/a/',
      web: { href: '/b/', type: null },
      tar: { href: '/c/', type: 'application/tar+gzip' },
    })
    expect(Object.values(links).map(linkHref)).toEqual(['/a/', '/b/', '/c/'])
  })

  it('defaults to an empty map', () => {
    expect(LinksSchema.parse(undefined)).toEqual({})
  })

  it('rejects a link without href', () => {
    expect(LinksSchema.safeParse({ self: { type: 'x' } }).success).toBe(false)
    expect(LinksSchema.safeParse({ self: 3 }).success).toBe(false)
  })
})

describe('datetimes', () => {
  it('accept Z and +00:00, with any fraction of a second', () => {
    for (const value of [
      '2026-10-28T13:17:55Z',
      '2026-10-28T13:17:55.123456Z',
      '2026-10-28T13:17:55.123456+00:00',
      '2026-10-28T15:17:55+02:00',
    ]) {
      expect(DateTimeSchema.parse(value)).toBe(value)
    }
  })

  it('reject a missing zone and non-datetimes', () => {
    for (const value of ['2026-10-28T13:17:55', '2026-10-28', 'yesterday', '']) {
      expect(DateTimeSchema.safeParse(value).success).toBe(false)
    }
  })
})
