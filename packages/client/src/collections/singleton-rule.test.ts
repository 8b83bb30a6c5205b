import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { checkSingletonCollectionName } from './singleton-rule.js'

describe('checkSingletonCollectionName', () => {
  it('requires "_" for singleton categories and forbids it for the others', () => {
    expect(() => checkSingletonCollectionName('M', 'debian:archive', '_')).not.toThrow()
    expect(() => checkSingletonCollectionName('M', 'debian:suite', 'trixie')).not.toThrow()
    expect(() => checkSingletonCollectionName('M', 'debusine:task-history', 'history')).toThrow(
      ValidationError,
    )
    expect(() => checkSingletonCollectionName('M', 'debian:suite', '_')).toThrow(
      /name: only singleton categories/,
    )
  })
})
