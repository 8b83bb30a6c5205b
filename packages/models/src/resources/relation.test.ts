import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RelationType } from '../enumerations.js'
import { parseResponse } from '../parse.js'
import {
  RelationCreateRequestModel,
  RelationCreateRequestSchema,
  RelationListSchema,
  RelationSchema,
} from './relation.js'

describe('RelationCreateRequest', () => {
  it('accepts every relation type', () => {
    for (const type of Object.values(RelationType)) {
      expect(RelationCreateRequestModel.create({ artifact: 1, target: 2, type }).type).toBe(type)
    }
  })

  it('rejects another type, naming the field and the rule', () => {
    expect(() =>
      RelationCreateRequestModel.create({ artifact: 1, target: 2, type: 'depends-on' as never }),
    ).toThrow(/Invalid RelationCreateRequest: type: .*\(invalid_value\)/)
  })

  it('rejects non-integer ids and unknown fields', () => {
    expect(() =>
      RelationCreateRequestModel.create({ artifact: '1' as never, target: 2, type: 'extends' }),
    ).toThrow(/artifact: /)
    expect(() =>
      RelationCreateRequestModel.create({ artifact: 1, target: 2, type: 'extends', id: 3 } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...Object.values(RelationType)),
        (artifact, target, type) => {
          const value = RelationCreateRequestSchema.parse({ artifact, target, type })
          expect(RelationCreateRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('Relation', () => {
  it('parses the 0.16.2 body (no links) and the plain list', () => {
    const body = { id: 5, artifact: 1, target: 2, type: 'relates-to' }
    expect(parseResponse('Relation', RelationSchema, body)).toEqual({ ...body, links: {} })
    expect(RelationListSchema.parse([body])).toHaveLength(1)
  })

  it('accepts a type a newer server adds', () => {
    expect(RelationSchema.parse({ id: 5, artifact: 1, target: 2, type: 'supersedes' }).type).toBe(
      'supersedes',
    )
  })
})
