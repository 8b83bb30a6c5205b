import { describe, expect, it } from 'vitest'
import { formatCollectionName, parseCollectionName } from './collection-name.js'
import { CollectionCategory } from './enumerations.js'
import { ValidationError } from './errors/validation-error.js'

describe('collection names', () => {
  it('formats and parses NAME@CATEGORY, split at the first "@" as the Python client', () => {
    expect(formatCollectionName({ name: 'sid', category: 'debian:suite' })).toBe('sid@debian:suite')
    expect(parseCollectionName('sid@debian:suite')).toEqual({ name: 'sid', category: 'debian:suite' })
    expect(parseCollectionName('a@b@c')).toEqual({ name: 'a', category: 'b@c' })
  })

  it('refuses a text without "@", an empty part, or a category not allowed, naming the field', () => {
    for (const [text, problem] of [
      ['sid', 'it has no "@"'],
      ['@debian:suite', 'the name before "@" is empty'],
      ['sid@', 'the category after "@" is empty'],
      ['qa@debian:qa-results', '"debian:qa-results" is not one of debian:suite'],
    ] as const) {
      let thrown: unknown
      try {
        parseCollectionName(text, { categories: [CollectionCategory.SUITE], field: 'to' })
      } catch (error) {
        thrown = error
      }
      expect(ValidationError.isInstance(thrown)).toBe(true)
      expect((thrown as ValidationError).issues).toEqual([
        { path: 'to', rule: 'collection_name', message: `expected NAME@CATEGORY, got "${text}": ${problem}` },
      ])
    }
  })
})
