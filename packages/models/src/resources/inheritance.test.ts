import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation-error.js'
import { parseResponse } from '../parse.js'
import {
  InheritanceChainElementModel,
  InheritanceChainElementSchema,
  InheritanceChainRequestSchema,
  InheritanceChainSchema,
  inheritanceChainElementMatches,
  inheritanceChainFromStrings,
  parseInheritanceChainElement,
} from './inheritance.js'

describe('InheritanceChainElement', () => {
  it('accepts an id, a workspace, or both with a scope', () => {
    expect(InheritanceChainElementModel.create({ id: 3 })).toEqual({ id: 3, scope: null, workspace: null })
    expect(InheritanceChainElementModel.create({ workspace: 'base' })).toEqual({
      id: null,
      scope: null,
      workspace: 'base',
    })
    expect(InheritanceChainElementModel.create({ id: 3, scope: 'debian', workspace: 'base' }).scope).toBe(
      'debian',
    )
  })

  it('rejects an element with neither id nor workspace, naming the rule', () => {
    for (const input of [{}, { scope: 'debian' }, { id: null, workspace: null }]) {
      try {
        InheritanceChainElementModel.create(input)
        expect.unreachable()
      } catch (error) {
        expect(ValidationError.isInstance(error)).toBe(true)
        expect((error as ValidationError).issues).toEqual([
          { path: 'id', rule: 'custom', message: 'at least one of id or workspace must be set' },
        ])
      }
    }
  })

  it('rejects unknown fields', () => {
    expect(() => InheritanceChainElementModel.create({ id: 1, name: 'x' } as never)).toThrow(
      /unrecognized_keys/,
    )
  })

  it('survives JSON serialization unchanged', () => {
    const element = fc
      .record({
        id: fc.option(fc.nat()),
        scope: fc.option(fc.string({ minLength: 1 })),
        workspace: fc.option(fc.string({ minLength: 1 })),
      })
      .filter((value) => value.id !== null || value.workspace !== null)
    fc.assert(
      fc.property(element, (input) => {
        const value = InheritanceChainElementSchema.parse(input)
        expect(InheritanceChainElementSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
      }),
    )
  })
})

describe('InheritanceChain', () => {
  it('parses the 0.16.2 body', () => {
    const body = { links: {}, chain: [{ id: 1, scope: 'debusine', workspace: 'System' }] }
    expect(parseResponse('InheritanceChain', InheritanceChainSchema, body).chain).toHaveLength(1)
    expect(InheritanceChainSchema.parse({}).chain).toEqual([])
  })

  it('applies the element rule inside the chain, naming the index', () => {
    expect(() =>
      parseResponse('InheritanceChain', InheritanceChainSchema, { chain: [{ id: 1 }, { scope: 'x' }] }),
    ).toThrow(/chain\.1\.id: at least one of id or workspace must be set \(custom\)/)
  })

  it('request: at most 100 elements', () => {
    const chain = Array.from({ length: 100 }, (_, index) => ({ id: index + 1, scope: null, workspace: null }))
    expect(InheritanceChainRequestSchema.safeParse({ chain }).success).toBe(true)
    expect(InheritanceChainRequestSchema.safeParse({ chain: [...chain, { id: 101 }] }).success).toBe(false)
  })
})

describe('parseInheritanceChainElement', () => {
  it('reads digits as an id, scope/workspace, and a bare workspace', () => {
    expect(parseInheritanceChainElement('123')).toEqual({ id: 123, scope: null, workspace: null })
    expect(parseInheritanceChainElement('debian/base')).toEqual({
      id: null,
      scope: 'debian',
      workspace: 'base',
    })
    expect(parseInheritanceChainElement('debian/a/b')).toEqual({
      id: null,
      scope: 'debian',
      workspace: 'a/b',
    })
    expect(parseInheritanceChainElement(' base ')).toEqual({ id: null, scope: null, workspace: 'base' })
    expect(parseInheritanceChainElement('1a')).toEqual({ id: null, scope: null, workspace: '1a' })
  })

  it('rejects texts that name no workspace', () => {
    expect(() => parseInheritanceChainElement('')).toThrow(ValidationError)
    expect(() => parseInheritanceChainElement('debian/')).toThrow(/workspace: /)
    expect(() => parseInheritanceChainElement('/base')).toThrow(/scope: /)
  })

  it('builds a chain from strings, in order', () => {
    expect(
      inheritanceChainFromStrings(['1', 'base']).map((element) => element.id ?? element.workspace),
    ).toEqual([1, 'base'])
  })
})

describe('inheritanceChainElementMatches', () => {
  const element = { id: 3, scope: 'debian', workspace: 'base' }
  it('matches when every set component is equal', () => {
    expect(inheritanceChainElementMatches({ id: null, scope: null, workspace: 'base' }, element)).toBe(true)
    expect(inheritanceChainElementMatches({ id: 3, scope: null, workspace: null }, element)).toBe(true)
    expect(inheritanceChainElementMatches(element, element)).toBe(true)
  })

  it('does not match when a set component differs, or is unset on the second', () => {
    expect(inheritanceChainElementMatches({ id: null, scope: 'other', workspace: 'base' }, element)).toBe(
      false,
    )
    expect(inheritanceChainElementMatches({ id: 4, scope: null, workspace: null }, element)).toBe(false)
    expect(inheritanceChainElementMatches(element, { id: null, scope: null, workspace: 'base' })).toBe(false)
  })
})
