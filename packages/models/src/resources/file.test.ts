import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation-error.js'
import { parseModel } from '../parse.js'
import { FileRequestModel, FileRequestSchema, FileResponseSchema, MediaTypeSchema } from './file.js'

const sha256 = 'a'.repeat(64)

function issues(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.issues
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('FileRequest', () => {
  it('accepts a file with size 0, a 255-character checksum and a media type', () => {
    const file = FileRequestModel.create({
      size: 0,
      checksums: { sha256: 'x'.repeat(255) },
      type: 'file',
      content_type: 'text/plain; charset=utf-8',
    })
    expect(file.size).toBe(0)
  })

  it('defaults content_type to null', () => {
    expect(FileRequestModel.create({ size: 1, checksums: { sha256 }, type: 'file' }).content_type).toBeNull()
  })

  it('rejects a negative size, naming the field and the rule', () => {
    const run = () => FileRequestModel.create({ size: -1, checksums: { sha256 }, type: 'file' })
    expect(run).toThrow(/Invalid FileRequest: size: .*\(too_small\)/)
    expect(issues(run)).toEqual([expect.objectContaining({ path: 'size', rule: 'too_small' })])
  })

  it('rejects a non-integer size', () => {
    expect(issues(() => FileRequestModel.create({ size: 1.5, checksums: { sha256 }, type: 'file' }))).toEqual(
      [expect.objectContaining({ path: 'size', rule: 'invalid_type' })],
    )
  })

  it('rejects a checksum of 256 characters', () => {
    const run = () =>
      FileRequestModel.create({ size: 1, checksums: { sha256: 'x'.repeat(256) }, type: 'file' })
    expect(run).toThrow(/checksums\.sha256: .*255 characters \(too_big\)/)
  })

  it('rejects a type other than "file"', () => {
    expect(
      issues(() => FileRequestModel.create({ size: 1, checksums: { sha256 }, type: 'directory' as 'file' })),
    ).toEqual([expect.objectContaining({ path: 'type', rule: 'invalid_value' })])
  })

  it('rejects a content_type that is not a media type', () => {
    for (const bad of ['text', 'text/plain; charset', 'text plain', '/plain', 'text/plain;']) {
      expect(
        issues(() =>
          FileRequestModel.create({ size: 1, checksums: { sha256 }, type: 'file', content_type: bad }),
        ),
      ).toEqual([expect.objectContaining({ path: 'content_type', rule: 'invalid_format' })])
    }
  })

  it('accepts media types with parameters, quoted or not', () => {
    for (const good of [
      'application/octet-stream',
      'text/plain;charset=us-ascii',
      'application/gzip; charset=binary',
      'application/vnd.debian.binary-package; charset=binary',
      'text/markdown; charset="utf-8"',
    ]) {
      expect(MediaTypeSchema.parse(good)).toBe(good)
    }
  })

  it('rejects unknown fields', () => {
    expect(
      issues(() =>
        FileRequestModel.create({ size: 1, checksums: { sha256 }, type: 'file', mode: 644 } as never),
      ),
    ).toEqual([expect.objectContaining({ rule: 'unrecognized_keys' })])
  })

  it('survives JSON serialization unchanged', () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.nat(),
          checksums: fc.dictionary(
            fc.string().filter((key) => key !== '__proto__'),
            fc.string({ maxLength: 255 }),
          ),
          type: fc.constant('file' as const),
          content_type: fc.constantFrom(null, 'text/plain; charset=utf-8', 'application/octet-stream'),
        }),
        (input) => {
          const value = FileRequestSchema.parse(input)
          expect(FileRequestSchema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
        },
      ),
    )
  })
})

describe('FileResponse', () => {
  const body = {
    size: 3,
    checksums: { sha256 },
    type: 'file',
    url: 'http://127.0.0.1:8011/debusine/System/artifact/1/download/a.txt',
    content_type: 'text/plain; charset=utf-8',
  }

  it('parses a file description and defaults links to {}', () => {
    expect(parseModel('FileResponse', FileResponseSchema, body).links).toEqual({})
  })

  it('applies the size, checksum and type limits to received files too', () => {
    expect(FileResponseSchema.safeParse({ ...body, size: -1 }).success).toBe(false)
    expect(FileResponseSchema.safeParse({ ...body, checksums: { sha256: 'x'.repeat(256) } }).success).toBe(
      false,
    )
    expect(FileResponseSchema.safeParse({ ...body, type: 'link' }).success).toBe(false)
  })

  it('requires an absolute url', () => {
    expect(() => parseModel('FileResponse', FileResponseSchema, { ...body, url: 'a.txt' })).toThrow(/url: /)
  })

  it('tolerates fields a newer server adds', () => {
    expect(FileResponseSchema.parse({ ...body, mtime: 3 })).toMatchObject({ mtime: 3 })
  })
})
