import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { expectTypeWord, lookupMultipleBody, lookupSingleBody } from './request.js'

describe('lookup request bodies', () => {
  it('send what 0.16.2 reads: workspace, workflow_root and a full-word expect_type', () => {
    expect(
      lookupSingleBody(
        { lookup: 'sid@debian:suite', expectType: 'collection', workspace: 'developers', workflowRoot: 12 },
        'System',
      ),
    ).toEqual({
      lookup: 'sid@debian:suite',
      expect_type: 'collection',
      default_category: null,
      workspace: 'developers',
      workflow_root: 12,
    })
  })

  it('default to expect_type any and the client default workspace, and leave out what is unknown', () => {
    expect(lookupSingleBody({ lookup: 7 }, 'System')).toEqual({
      lookup: 7,
      expect_type: 'any',
      default_category: null,
      workspace: 'System',
    })
    const body = lookupSingleBody({ lookup: 7, workflowRoot: null }, undefined)
    expect(Object.keys(body).sort()).toEqual(['default_category', 'expect_type', 'lookup'])
  })

  it("map the seed's a/b/c codes to words and never send work_request", () => {
    expect(expectTypeWord('a')).toBe('artifact')
    expect(expectTypeWord('b')).toBe('bare')
    expect(expectTypeWord('c')).toBe('collection')
    expect(expectTypeWord('artifact-or-promise')).toBe('artifact-or-promise')
    const body = lookupMultipleBody(
      { lookup: ['1@artifacts'], expectType: 'a', workRequest: 5, defaultCategory: 'debian:suite' },
      undefined,
    )
    expect(body).toEqual({
      lookup: ['1@artifacts'],
      expect_type: 'artifact',
      default_category: 'debian:suite',
    })
    expect(body).not.toHaveProperty('work_request')
  })

  it('refuse unknown keys, a bad work request id, and unknown lookup dict keys, naming the field', () => {
    expect(() => lookupSingleBody({ lookup: 'x', expect_type: 'artifact' } as never, undefined)).toThrow(
      /unrecognized_keys/,
    )
    expect(() => lookupSingleBody({ lookup: 'x', workRequest: -1 }, undefined)).toThrow(/workRequest/)
    try {
      lookupMultipleBody({ lookup: { collection: 'x@debian:suite', nmae: 'typo' } }, undefined)
      expect.unreachable()
    } catch (error) {
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues.map((issue) => issue.path)).toContain('lookup.nmae')
    }
  })
})
