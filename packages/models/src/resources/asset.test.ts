import { describe, expect, it } from 'vitest'
import { AssetCategory } from '../enumerations.js'
import { parseResponse } from '../parse.js'
import {
  AssetCreateRequestModel,
  AssetListSchema,
  AssetPermissionCheckResponseSchema,
  AssetSchema,
} from './asset.js'

function without(value: object, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))
}

const signingKey = {
  purpose: 'openpgp',
  fingerprint: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01',
  public_key: 'LS0tLS1CRUdJTg==',
  description: null,
}

describe('AssetCreateRequest', () => {
  it('takes data as a plain map and defaults work_request to null', () => {
    const request = AssetCreateRequestModel.create({
      category: AssetCategory.SIGNING_KEY,
      data: signingKey,
      workspace: 'System',
    })
    expect(request.work_request).toBeNull()
    expect(request.data).toEqual(signingKey)
  })

  it('rejects an unknown category, naming the field', () => {
    expect(() =>
      AssetCreateRequestModel.create({ category: 'debusine:nope' as never, data: {}, workspace: 'System' }),
    ).toThrow(/category: .*\(invalid_value\)/)
  })

  it('requires workspace and rejects unknown fields', () => {
    expect(() =>
      AssetCreateRequestModel.create({ category: AssetCategory.SIGNING_KEY, data: {} } as never),
    ).toThrow(/workspace: .*\(invalid_type\)/)
    expect(() =>
      AssetCreateRequestModel.create({
        category: AssetCategory.SIGNING_KEY,
        data: {},
        workspace: 'S',
        slug: 'x',
      } as never),
    ).toThrow(/unrecognized_keys/)
  })
})

describe('Asset', () => {
  // As 0.16.2 sends it (docs/protocol.md §3): server extras, no links.
  const body = {
    id: 1,
    created_at: '2026-10-28T13:17:55.123456Z',
    category: 'debusine:signing-key',
    scope: 'debusine',
    workspace: 'System',
    data: signingKey,
    work_request: null,
  }

  it('parses the 0.16.2 body and a list of them', () => {
    expect(parseResponse('Asset', AssetSchema, body)).toMatchObject({ id: 1, links: {}, scope: 'debusine' })
    expect(parseResponse('AssetList', AssetListSchema, [body, { ...body, id: 2 }])).toHaveLength(2)
  })

  it('parses the earlier shape without created_at, scope and work_request', () => {
    const earlier = without(body, 'created_at', 'scope', 'work_request')
    expect(AssetSchema.parse(earlier).work_request).toBeNull()
  })

  it('accepts a category a newer server adds', () => {
    expect(AssetSchema.parse({ ...body, category: 'debusine:new' }).category).toBe('debusine:new')
  })
})

describe('AssetPermissionCheckResponse', () => {
  it('parses the later shape, every field present', () => {
    const body = { has_permission: true, username: 'alice', user_id: 2, resource: { package: 'hello' } }
    expect(AssetPermissionCheckResponseSchema.parse(body)).toEqual({ ...body, links: {} })
  })

  it('parses the earlier shape, where missing fields default to null', () => {
    expect(AssetPermissionCheckResponseSchema.parse({ has_permission: false })).toEqual({
      links: {},
      has_permission: false,
      username: null,
      user_id: null,
      resource: null,
    })
  })

  it('requires has_permission to be a boolean', () => {
    expect(() =>
      parseResponse('AssetPermissionCheckResponse', AssetPermissionCheckResponseSchema, {
        has_permission: 'yes',
      }),
    ).toThrow(/has_permission: /)
  })
})
