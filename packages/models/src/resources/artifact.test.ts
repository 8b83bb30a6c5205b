import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ArtifactCategory } from '../enumerations.js'
import { ValidationError } from '../errors/validation-error.js'
import { parseResponse } from '../parse.js'
import { ArtifactCreateRequestModel, ArtifactCreateRequestSchema, ArtifactSchema } from './artifact.js'
import { toRemoteArtifact } from './remote-artifact.js'
import { RemoteArtifactSchema } from './remote-artifact.js'

function without(value: object, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))
}

const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

// The later shape, as 0.16.2 sends it (docs/protocol.md §3, §1).
const laterBody = {
  id: 7,
  url: '/debusine/System/artifact/7/',
  scope: 'debusine',
  workspace: 'System',
  category: 'debian:source-package',
  data: { name: 'hello', version: '1.0-1', type: 'dpkg', dsc_fields: {} },
  created_at: '2026-10-28T13:17:55.123456Z',
  expire_at: null,
  download_tar_gz_url: 'http://127.0.0.1:8011/debusine/System/artifact/7/download/?archive=tar.gz',
  files_to_upload: ['hello_1.0-1.dsc'],
  files: {
    'hello_1.0-1.dsc': {
      size: 0,
      type: 'file',
      checksums: { sha256 },
      url: 'http://127.0.0.1:8011/debusine/System/artifact/7/download/hello_1.0-1.dsc',
      content_type: 'text/plain; charset=utf-8',
    },
  },
  links: {
    self: '/api/1.0/artifact/7/',
    webui_self: '/debusine/System/artifact/7/',
    download_tar_gz: {
      href: '/debusine/System/artifact/7/download/?archive=tar.gz',
      type: 'application/tar+gzip',
    },
  },
}

function issues(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.issues
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('ArtifactCreateRequest', () => {
  it('fills the defaults of the spec', () => {
    expect(ArtifactCreateRequestModel.create({ category: ArtifactCategory.TEST })).toEqual({
      category: 'debusine:test',
      workspace: null,
      files: {},
      data: {},
      work_request: null,
      expire_at: null,
    })
  })

  it('validates the files it declares, naming the path in the artifact', () => {
    const run = () =>
      ArtifactCreateRequestModel.create({
        category: ArtifactCategory.TEST,
        files: { 'dir/a.txt': { size: -1, checksums: { sha256 }, type: 'file' } },
      })
    expect(issues(run)).toEqual([
      expect.objectContaining({ path: 'files.dir/a.txt.size', rule: 'too_small' }),
    ])
  })

  it('accepts expire_at with Z or +00:00 and rejects one without a zone', () => {
    for (const expire_at of ['2027-01-01T00:00:00Z', '2027-01-01T00:00:00.5+00:00']) {
      expect(
        ArtifactCreateRequestModel.create({ category: ArtifactCategory.TEST, expire_at }).expire_at,
      ).toBe(expire_at)
    }
    expect(
      issues(() =>
        ArtifactCreateRequestModel.create({
          category: ArtifactCategory.TEST,
          expire_at: '2027-01-01T00:00:00',
        }),
      ),
    ).toEqual([expect.objectContaining({ path: 'expire_at', rule: 'invalid_format' })])
  })

  it('rejects unknown fields and invalid updates', () => {
    const request = ArtifactCreateRequestModel.create({ category: ArtifactCategory.TEST })
    expect(() => ArtifactCreateRequestModel.create({ category: 'x', tags: [] } as never)).toThrow(
      /unrecognized_keys/,
    )
    expect(() => ArtifactCreateRequestModel.update(request, { work_request: 1.5 })).toThrow(/work_request: /)
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            category: fc.constantFrom(...Object.values(ArtifactCategory)),
            workspace: fc.option(fc.string()),
            files: fc.dictionary(
              fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'),
              fc.record({
                size: fc.nat(),
                checksums: fc.constant({ sha256 }),
                type: fc.constant('file' as const),
              }),
            ),
            data: fc.dictionary(
              fc.string().filter((key) => key !== '__proto__'),
              fc.oneof(fc.string(), fc.integer(), fc.boolean()),
            ),
            work_request: fc.option(fc.nat()),
            expire_at: fc.option(
              fc
                .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
                .map((date) => date.toISOString()),
            ),
          },
          { requiredKeys: ['category'] },
        ),
        (input) => {
          const value = ArtifactCreateRequestSchema.parse(input)
          expect(ArtifactCreateRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('Artifact', () => {
  it('parses the later shape, with scope and links of both forms', () => {
    const artifact = parseResponse('Artifact', ArtifactSchema, laterBody)
    expect(artifact.scope).toBe('debusine')
    expect(artifact.files['hello_1.0-1.dsc']?.size).toBe(0)
    expect(artifact.links.download_tar_gz).toEqual({
      href: '/debusine/System/artifact/7/download/?archive=tar.gz',
      type: 'application/tar+gzip',
    })
  })

  it('parses the earlier shape, without scope, links, files or expire_at', () => {
    const earlier = without(laterBody, 'scope', 'links', 'files', 'expire_at')
    const artifact = parseResponse('Artifact', ArtifactSchema, earlier)
    expect(artifact.scope).toBeUndefined()
    expect(artifact.links).toEqual({})
    expect(artifact.files).toEqual({})
    expect(artifact.expire_at).toBeNull()
  })

  it('accepts a category a newer server adds', () => {
    expect(ArtifactSchema.parse({ ...laterBody, category: 'debian:new-thing' }).category).toBe(
      'debian:new-thing',
    )
  })

  it('names a missing required field', () => {
    const body = without(laterBody, 'files_to_upload')
    expect(() => parseResponse('Artifact', ArtifactSchema, body)).toThrow(
      /not a valid Artifact: files_to_upload: .*\(invalid_type\)/,
    )
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(fc.nat(), fc.boolean(), fc.constantFrom('Z', '+00:00'), (id, withScope, zone) => {
        const body = { ...laterBody, id, created_at: `2026-10-28T13:17:55${zone}` } as Record<string, unknown>
        if (!withScope) delete body.scope
        const value = ArtifactSchema.parse(body)
        expect(ArtifactSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
      }),
    )
  })
})

describe('RemoteArtifact', () => {
  it('is built from an artifact response and parses as one', () => {
    const remote = toRemoteArtifact(ArtifactSchema.parse(laterBody))
    expect(remote).toMatchObject({ id: 7, url: '/debusine/System/artifact/7/', workspace: 'System' })
    expect(RemoteArtifactSchema.parse(remote)).toEqual(remote)
  })
})
