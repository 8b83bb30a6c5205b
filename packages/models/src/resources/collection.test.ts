import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CollectionCategory } from '../enumerations.js'
import { parseResponse } from '../parse.js'
import {
  CollectionCreateRequestModel,
  CollectionCreateRequestSchema,
  CollectionSchema,
} from './collection.js'

function without(value: object, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))
}

// As 0.16.2 sends it (docs/protocol.md §3, §1).
const body = {
  id: 3,
  name: 'trixie',
  category: 'debian:suite',
  full_history_retention_period: null,
  metadata_only_retention_period: 30,
  data: { components: ['main'], architectures: ['amd64'] },
  stats: null,
  links: {
    self: '/api/1.0/collection/System/3/',
    webui_self: '/debusine/System/collection/debian:suite/trixie/',
    webui_category: { href: '/debusine/System/collection/debian:suite/', type: 'category' },
  },
}

describe('Collection', () => {
  it('parses a collection with and without stats', () => {
    expect(parseResponse('Collection', CollectionSchema, body).metadata_only_retention_period).toBe(30)
    const stats = [{ type: 'artifact', category: 'debian:source-package', active: true, count: 4 }]
    expect(CollectionSchema.parse({ ...body, stats }).stats).toEqual(stats)
  })

  it('defaults retention periods and stats to null when absent', () => {
    const earlier = without(body, 'full_history_retention_period', 'metadata_only_retention_period', 'stats')
    expect(CollectionSchema.parse(earlier)).toMatchObject({
      full_history_retention_period: null,
      metadata_only_retention_period: null,
      stats: null,
    })
  })

  it('requires data', () => {
    const missing = without(body, 'data')
    expect(() => parseResponse('Collection', CollectionSchema, missing)).toThrow(/data: .*\(invalid_type\)/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(fc.nat(), fc.option(fc.nat()), fc.string(), (id, period, category) => {
        const value = CollectionSchema.parse({ ...body, id, full_history_retention_period: period, category })
        expect(CollectionSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
      }),
    )
  })
})

describe('CollectionCreateRequest', () => {
  it('accepts "_" and names starting with a letter', () => {
    for (const name of ['_', 'trixie', 'bookworm-backports', 'a1+b.c_d']) {
      expect(
        CollectionCreateRequestModel.create({ name, category: CollectionCategory.SUITE, data: {} }).name,
      ).toBe(name)
    }
  })

  it('rejects other names, naming the rule', () => {
    for (const name of ['', '1trixie', 'a/b', '_x', 'a b']) {
      expect(() =>
        CollectionCreateRequestModel.create({ name, category: CollectionCategory.SUITE, data: {} }),
      ).toThrow(/name: must be "_" or start with a letter.*\(invalid_format\)/)
    }
  })

  it('defaults retention periods to null, requires data, rejects unknown fields', () => {
    expect(
      CollectionCreateRequestModel.create({ name: 'x', category: CollectionCategory.TEST, data: {} }),
    ).toMatchObject({
      full_history_retention_period: null,
      metadata_only_retention_period: null,
    })
    expect(() =>
      CollectionCreateRequestModel.create({ name: 'x', category: CollectionCategory.TEST } as never),
    ).toThrow(/data: /)
    expect(() =>
      CollectionCreateRequestModel.create({
        name: 'x',
        category: CollectionCategory.TEST,
        data: {},
        id: 1,
      } as never),
    ).toThrow(/unrecognized_keys/)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9+._-]*$/),
        fc.constantFrom(...Object.values(CollectionCategory)),
        fc.option(fc.nat()),
        (name, category, period) => {
          const value = CollectionCreateRequestSchema.parse({
            name,
            category,
            data: {},
            full_history_retention_period: period,
          })
          expect(CollectionCreateRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})
