import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LookupChildType } from '../enumerations.js'
import { ValidationError } from '../errors/validation-error.js'
import { parseResponse } from '../parse.js'
import {
  AnyLookupSingleResponseSchema,
  LookupArtifactResponseSchema,
  LookupCollectionResponseSchema,
  LookupMultipleRequestModel,
  LookupMultipleResponseSchema,
  LookupResultSchema,
  LookupSingleRequestModel,
  LookupSingleRequestSchema,
  normalizeLookupResult,
} from './lookup.js'

// As 0.16.2 sends them (docs/protocol.md §3).
const artifactResult = {
  result_type: 'artifact',
  collection_item: { name: 'hello_1.0-1', category: 'debian:source-package', data: { package: 'hello' } },
  parent_collection_lookup: 'trixie@debian:suite',
  artifact: 7,
  collection: null,
  collection_info: null,
  links: { self: '/api/1.0/artifact/7/', webui_self: '/debusine/System/artifact/7/' },
}
const collectionResult = {
  result_type: 'collection',
  collection_item: null,
  parent_collection_lookup: null,
  artifact: null,
  collection: 3,
  collection_info: { name: 'trixie', category: 'debian:suite' },
  links: {},
}
// As the earlier API sends them.
const legacyArtifactResult = { result_type: 'a', collection_item: 12, artifact: 7, collection: null }
const legacyCollectionResult = { result_type: 'c', collection_item: null, artifact: null, collection: 3 }

describe('lookup requests', () => {
  it('0.14.6+: take a workspace and a workflow_root, no work_request', () => {
    const request = LookupSingleRequestModel.create({
      lookup: 'trixie@debian:suite',
      expect_type: LookupChildType.COLLECTION,
      workspace: 'System',
      workflow_root: 12,
    })
    expect(request).toEqual({
      lookup: 'trixie@debian:suite',
      expect_type: 'collection',
      workspace: 'System',
      workflow_root: 12,
      default_category: null,
    })
    expect(() =>
      LookupSingleRequestModel.create({ lookup: 1, expect_type: 'artifact', work_request: 3 } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('accept every expect_type and reject another, naming the field', () => {
    for (const expect_type of Object.values(LookupChildType)) {
      expect(LookupSingleRequestModel.create({ lookup: 'x@artifacts', expect_type }).expect_type).toBe(
        expect_type,
      )
    }
    for (const expect_type of ['a', 'promise', '']) {
      expect(() =>
        LookupSingleRequestModel.create({ lookup: 'x', expect_type: expect_type as never }),
      ).toThrow(/Invalid LookupSingleRequest: expect_type: .*\(invalid_value\)/)
    }
  })

  it('single lookups are an int or a non-empty string', () => {
    for (const lookup of [[1], { collection: 'x' }, '', 1.5]) {
      expect(() => LookupSingleRequestModel.create({ lookup: lookup as never, expect_type: 'any' })).toThrow(
        /lookup/,
      )
    }
  })

  it('multiple lookups take a list of ints, strings and dicts, or one dict', () => {
    const dict = {
      collection: 'trixie@debian:suite',
      child_type: 'artifact' as const,
      name__startswith: 'hello_',
      data__package: 'hello',
      data__version__in: ['1.0-1'],
      lookup__suite: 'sid@debian:suite',
      error_on_empty: true,
    }
    expect(
      LookupMultipleRequestModel.create({ lookup: [1, 'a@artifacts', dict], expect_type: 'artifact' }).lookup,
    ).toHaveLength(3)
    expect(LookupMultipleRequestModel.create({ lookup: dict, expect_type: 'artifact' }).lookup).toEqual(dict)
  })

  it('multiple lookups reject a dict with an unknown key or child_type, naming it', () => {
    try {
      LookupMultipleRequestModel.create({ lookup: [{ collection: 'x', colour: 'red' }], expect_type: 'any' })
      expect.unreachable()
    } catch (error) {
      expect(ValidationError.isInstance(error) && error.message).toMatch(/unknown lookup key "colour"/)
    }
    expect(() =>
      LookupMultipleRequestModel.create({
        lookup: { collection: 'x', child_type: 'artifact-or-promise' as never },
        expect_type: 'any',
      }),
    ).toThrow(/lookup: .*\(invalid_union\)/)
    // @NOTE zod reports a union whose every option failed hard as one invalid_union issue on
    // the union's path; the nested reasons stay in zod's own error.
  })

  it('survive JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.string({ minLength: 1 })),
        fc.constantFrom(...Object.values(LookupChildType)),
        fc.option(fc.string()),
        (lookup, expect_type, default_category) => {
          const value = LookupSingleRequestSchema.parse({
            lookup,
            expect_type,
            default_category,
            workspace: 'System',
          })
          expect(LookupSingleRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('lookup responses', () => {
  it('parse both generations, single and multiple', () => {
    for (const body of [artifactResult, collectionResult, legacyArtifactResult, legacyCollectionResult]) {
      expect(() => parseResponse('LookupSingleResponse', AnyLookupSingleResponseSchema, body)).not.toThrow()
    }
    expect(LookupMultipleResponseSchema.parse([artifactResult, legacyArtifactResult])).toHaveLength(2)
  })

  it('artifact form requires an artifact id', () => {
    expect(LookupArtifactResponseSchema.parse(artifactResult).artifact).toBe(7)
    expect(LookupArtifactResponseSchema.parse(legacyArtifactResult).artifact).toBe(7)
    expect(LookupArtifactResponseSchema.safeParse({ ...artifactResult, artifact: null }).success).toBe(false)
    expect(LookupArtifactResponseSchema.safeParse(collectionResult).success).toBe(false)
  })

  it('collection form requires collection_info or the collection id', () => {
    expect(LookupCollectionResponseSchema.parse(collectionResult).collection).toBe(3)
    expect(
      LookupCollectionResponseSchema.parse({ ...collectionResult, collection: null }).collection_info,
    ).toEqual({
      name: 'trixie',
      category: 'debian:suite',
    })
    expect(() =>
      parseResponse('LookupCollectionResponse', LookupCollectionResponseSchema, {
        ...collectionResult,
        collection: null,
        collection_info: null,
      }),
    ).toThrow(/collection_info: a collection result needs collection or collection_info/)
    expect(
      LookupCollectionResponseSchema.safeParse({ ...legacyCollectionResult, collection: null }).success,
    ).toBe(false)
  })

  it('reject an unknown result code of the earlier API only as a word of the later one', () => {
    // A newer server may add result words; they are accepted.
    expect(
      AnyLookupSingleResponseSchema.parse({ ...collectionResult, result_type: 'promise' }).result_type,
    ).toBe('promise')
    expect(AnyLookupSingleResponseSchema.safeParse({ result_type: 3 }).success).toBe(false)
  })
})

describe('normalizeLookupResult', () => {
  it('maps earlier result codes to words and keeps the item id', () => {
    const result = normalizeLookupResult(LookupArtifactResponseSchema.parse(legacyArtifactResult))
    expect(result).toEqual({
      result_type: 'artifact',
      artifact: 7,
      collection: null,
      collection_item: null,
      collection_item_id: 12,
      collection_info: null,
      parent_collection_lookup: null,
      links: {},
    })
    expect(
      normalizeLookupResult(
        AnyLookupSingleResponseSchema.parse({ ...legacyCollectionResult, result_type: 'b' }),
      ).result_type,
    ).toBe('bare')
  })

  it('keeps what a 0.14.6+ result carries', () => {
    const result = normalizeLookupResult(AnyLookupSingleResponseSchema.parse(artifactResult))
    expect(result).toMatchObject({
      result_type: 'artifact',
      collection_item: artifactResult.collection_item,
      collection_item_id: null,
      parent_collection_lookup: 'trixie@debian:suite',
    })
    expect(
      normalizeLookupResult(LookupCollectionResponseSchema.parse(collectionResult)).collection_info?.name,
    ).toBe('trixie')
  })

  it('produces values of the one result type, for any input of either generation', () => {
    const legacy = fc.record({
      result_type: fc.constantFrom('a', 'b', 'c'),
      collection_item: fc.option(fc.nat()),
      artifact: fc.option(fc.nat()),
      collection: fc.option(fc.nat()),
    })
    const modern = fc.record({
      result_type: fc.constantFrom('artifact', 'bare', 'collection'),
      collection_item: fc.option(
        fc.record({ name: fc.string(), category: fc.string(), data: fc.constant({}) }),
      ),
      parent_collection_lookup: fc.option(fc.string()),
      artifact: fc.option(fc.nat()),
      collection: fc.option(fc.nat()),
      collection_info: fc.option(fc.record({ name: fc.string(), category: fc.string() })),
    })
    fc.assert(
      fc.property(fc.oneof(legacy, modern), (body) => {
        const result = normalizeLookupResult(AnyLookupSingleResponseSchema.parse(body))
        expect(LookupResultSchema.parse(result)).toEqual(result)
        expect(['artifact', 'bare', 'collection']).toContain(result.result_type)
        expect(LookupResultSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result)
      }),
    )
  })
})
